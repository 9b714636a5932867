import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { BottomNav } from './BottomNav';
import { TopNav } from './TopNav';

export function AppLayout() {
  return (
    <div className="app-shell">
      <TopNav />
      <main className="app-main">
        <Suspense fallback={<p className="page-loading">LOADING_MODULE...</p>}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
    </div>
  );
}
