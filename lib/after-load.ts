/** How long after the load a page that never goes idle waits before such work starts anyway. */
export const IDLE_FALLBACK_MS = 3000;

/**
 * Resolves once the page has loaded and the main thread has had an idle moment (or `timeoutMs` after the load, on a
 * page that never goes idle): for work the page does not need in order to show itself or answer a first tap.
 */
export function afterLoadAndIdle(timeoutMs = IDLE_FALLBACK_MS): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const loaded =
    document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
        else window.setTimeout(resolve, 1);
      }),
  );
}
