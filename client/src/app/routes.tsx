import type { RouteObject } from 'react-router-dom';

import { AppRoot } from './AppRoot';
import { type LazyScreen, lazyScreen } from './lazyScreen';
import { NotFoundPage } from './NotFoundPage';
import { RouteLoadError } from './OfflineScreen';

// One chunk per screen, so the first load carries only the shell. Keyed by path ('' is the index).
const SCREENS: Record<string, LazyScreen> = {
  '': lazyScreen(() => import('../features/dashboard/DashboardPage')),
  workouts: lazyScreen(() => import('../features/workouts/WorkoutsPage')),
  programs: lazyScreen(() => import('../features/programs/ProgramsPage')),
  progress: lazyScreen(() => import('../features/progress/ProgressPage')),
  credits: lazyScreen(() => import('../features/credits/CreditsPage')),
  profile: lazyScreen(() => import('../features/profile/ProfilePage')),
  about: lazyScreen(() => import('../features/about/AboutPage')),
};
SCREENS.dashboard = SCREENS[''];

/** The code-split screen at `pathname`, if any: main.tsx fetches it while the session is checked. */
export function screenAt(pathname: string): LazyScreen | null {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return Object.hasOwn(SCREENS, path) ? SCREENS[path] : null; // not "/constructor" from the prototype
}

const screenRoute = (path: string): RouteObject => {
  const Screen = SCREENS[path];
  return path ? { path, element: <Screen /> } : { index: true, element: <Screen /> };
};

export const routes: RouteObject[] = [
  {
    // The outer route keeps React Router's own error screen for errors RouteLoadError passes on.
    children: [
      {
        element: <AppRoot />,
        errorElement: <RouteLoadError />,
        children: [...Object.keys(SCREENS).map(screenRoute), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];
