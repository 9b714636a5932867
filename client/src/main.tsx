import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { createAppStore } from './app/store';
import { bootstrapAuth, takeAuthParamsFromAddress } from './features/auth/session';
import './styles.css';

const store = createAppStore();
// Before the router reads the address: a login code must not linger in it or in history.
const loginCode = takeAuthParamsFromAddress();
void store.dispatch(bootstrapAuth(loginCode));
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
