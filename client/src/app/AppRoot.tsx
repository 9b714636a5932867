import { lazy, Suspense } from 'react';
import { selectAuthStatus } from '../features/auth/authSlice';
import { AppLayout } from './AppLayout';
import { useAppSelector } from './hooks';
import { LoadingScreen } from './LoadingScreen';
import { Toaster } from './toast/Toaster';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));

/** SPEC §6: signed-out visitors see only the login screen, whatever the path. */
export function AppRoot() {
  const status = useAppSelector(selectAuthStatus);
  return (
    <>
      {status === 'checking' && <LoadingScreen />}
      {status === 'signedOut' && (
        <Suspense fallback={<LoadingScreen />}>
          <LoginPage />
        </Suspense>
      )}
      {status === 'signedIn' && <AppLayout />}
      <Toaster />
    </>
  );
}
