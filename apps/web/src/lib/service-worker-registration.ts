/** The one service worker: offline shell and data, and web push (docs/decisions/061-installable-offline-app.md). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker once the page has loaded, so installing it (and precaching the app) never
 * competes with the page's own requests. Only in a built app: the dev server has no dist/sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
