import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { takeStoredToken } from './api/tokenStorage';
import { LoginPage } from './app/AppRoot';
import { routes, screenAt } from './app/routes';
import { registerServiceWorker } from './app/serviceWorker';
import { createAppStore } from './app/store';
import { bootstrapAuth, takeAuthParamsFromAddress } from './features/auth/session';

import './styles.css';

const store = createAppStore();
// Lets the api refetch when the browser comes back online (refetchOnReconnect; focus stays off, docs/product.md).
setupListeners(store.dispatch);
// Before the router reads the address: a login code must not linger in it or in history.
const loginCode = takeAuthParamsFromAddress();
// The screen the visitor will most likely see, fetched while the session is checked.
const firstScreen = loginCode || takeStoredToken() ? screenAt(window.location.pathname) : LoginPage;
void store.dispatch(bootstrapAuth(loginCode, firstScreen?.preload()));
const router = createBrowserRouter(routes);
registerServiceWorker(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
