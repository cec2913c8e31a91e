// Entry: build the backend chosen by configuration, the store, and mount the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { Toasts } from './app/Toasts';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import { createBackend } from './backend';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ErrorScreen } from './components/ErrorScreen';
import { config } from './config/env';

const root = createRoot(document.getElementById('root')!);

async function start() {
  try {
    const backend = await createBackend(config);
    const store = makeStore({ backend, admin: () => import('./app/adminModules') });
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
