import { Suspense, useEffect, useEffectEvent, useState } from 'react';
import { ScrollRestoration } from 'react-router-dom';

import { readToken } from '../api/tokenStorage';
import { selectAuthStatus } from '../features/auth/authSlice';
import { bootstrapAuth } from '../features/auth/session';
import { SkipLink } from '../ui/SkipLink';
import { AppLayout } from './AppLayout';
import { useAppDispatch, useAppSelector } from './hooks';
import { lazyScreen } from './lazyScreen';
import { LoadingScreen } from './LoadingScreen';
import { OfflineBanner, OfflineScreen, useOnline } from './OfflineScreen';
import { Toaster } from './toast/Toaster';

export const LoginPage = lazyScreen(() => import('../features/auth/LoginPage'));

/** docs/product.md: signed-out visitors see only the login screen, whatever the path. */
export function AppRoot() {
  const status = useAppSelector(selectAuthStatus);
  const online = useOnline();
  // Only an app that starts offline shows the OFFLINE screen; once it has run online, losing the
  // network shows a banner over it and unmounts nothing (an upload in a dialog carries on after).
  const [ranOnline, setRanOnline] = useState(online);
  if (online && !ranOnline) setRanOnline(true);
  const dispatch = useAppDispatch();
  // Started without a network, the session could not be checked: check it again once the network is
  // back (on that change only, not on each change of status).
  const recheckSession = useEffectEvent(() => {
    if (status === 'signedOut' && readToken()) void dispatch(bootstrapAuth(null));
  });
  useEffect(() => {
    if (online) recheckSession();
  }, [online]);
  if (!online && !ranOnline) return <OfflineScreen />;
  return (
    <>
      <OfflineBanner offline={!online} />
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
