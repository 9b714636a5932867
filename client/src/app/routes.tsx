import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppRoot } from './AppRoot';
import { NotFoundPage } from './NotFoundPage';

// One chunk per screen, so the first load carries only the shell.
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const WorkoutsPage = lazy(() => import('../features/workouts/WorkoutsPage'));
const ProgressPage = lazy(() => import('../features/progress/ProgressPage'));
const CreditsPage = lazy(() => import('../features/credits/CreditsPage'));
const AboutPage = lazy(() => import('../features/about/AboutPage'));

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'workouts', element: <WorkoutsPage /> },
      { path: 'progress', element: <ProgressPage /> },
      { path: 'credits', element: <CreditsPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
