import { Suspense } from 'react';
import { ScrollRestoration } from 'react-router-dom';
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
      {/* A new page opens at its top; Back returns to where the previous one was scrolled. */}
      <ScrollRestoration />
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
