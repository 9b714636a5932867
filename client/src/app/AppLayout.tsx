import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';

import { RestTimerBar } from '../features/workouts/log/RestTimerBar';
import { MAIN_CONTENT_ID } from '../ui/mainContent';
import { BottomNav } from './BottomNav';
import { TopNav } from './TopNav';

export function AppLayout() {
  return (
    <div className="app-shell">
      <TopNav />
      <main className="app-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">LOADING_MODULE...</p>}>
          <Outlet />
        </Suspense>
      </main>
      <RestTimerBar />
      <BottomNav />
    </div>
  );
}
