import { Suspense } from 'react';
import { selectAuthStatus } from '../features/auth/authSlice';
import { SkipLink } from '../ui/SkipLink';
import { AppLayout } from './AppLayout';
import { useAppSelector } from './hooks';
import { lazyScreen } from './lazyScreen';
import { LoadingScreen } from './LoadingScreen';
import { Toaster } from './toast/Toaster';

export const LoginPage = lazyScreen(() => import('../features/auth/LoginPage'));

/** SPEC §6: signed-out visitors see only the login screen, whatever the path. */
export function AppRoot() {
  const status = useAppSelector(selectAuthStatus);
  return (
    <>
      <SkipLink />
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
