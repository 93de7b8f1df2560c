import './lib/zod';
import './app/styles';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { registerServiceWorker } from './app/pwa';
import { createRouter } from './app/router';
import { queryClient } from './lib/query-client';

const router = createRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A transition: React renders the first screen in slices of a few milliseconds, so a slow phone
// can still take a tap in between (no long task while the screen is drawn). The service worker
// comes after it (app/pwa.ts).
const render = () => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider client={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
};

// index.html's static first frame stays until the first screen's code and loaders are done (the
// router loads them as soon as it is created): React's first render replaces it with the whole
// screen at once, never with the blank page of the routes' `HydrateFallback`.
if (router.state.initialized) {
  render();
} else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
