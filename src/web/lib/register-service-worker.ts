/**
 * Registers public/sw.js, which only shows an offline page when a navigation fails. Production
 * builds only: in development it would get in the way of Vite's module reloading.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Service worker não registrado', error));
  };
  // After the page has loaded, so the worker never competes with the first paint on a slow phone; at once when the
  // entry runs after the load (a module that waited for its chunks).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
