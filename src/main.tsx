// Entry: build the backend chosen by configuration, the store, and mount the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { Toasts } from './app/Toasts';
import { preloadAdminPage, routes } from './app/routes';
import { makeStore } from './app/store';
import { createBackend } from './backend';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ErrorScreen } from './components/ErrorScreen';
import { config } from './config/env';

const root = createRoot(document.getElementById('root')!);

async function start() {
  try {
    const backend = await createBackend(config);
    const loadAdmin = () => import('./app/adminModules');
    const store = makeStore({ backend, admin: loadAdmin });
    // A reload of an admin page with a session kept: its code and the admin modules load while the session
    // is checked (each import is fetched once; the store's own load of the admin modules reports a failure).
    if (backend.auth.hasKeptSession?.()) {
      loadAdmin().catch(() => undefined);
      preloadAdminPage(window.location.pathname);
    }
    const router = createBrowserRouter(routes);
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <Provider store={store}>
            <AppProviders>
              <RouterProvider router={router} />
              <Toasts />
            </AppProviders>
          </Provider>
        </ErrorBoundary>
      </StrictMode>,
    );
  } catch (error) {
    // e.g. the Firebase backend selected without its settings: say so instead of a blank page.
    console.error('The console could not start:', error);
    root.render(
      <AppProviders>
        <ErrorScreen error={error} />
      </AppProviders>,
    );
  }
}

void start();
