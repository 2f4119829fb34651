/** A page that never paints (opened in a background tab) goes on after this long. */
const FIRST_PAINT_WAIT_MS = 2_000;

/**
 * Resolves once the page has painted its first content (at once if it already has): what the first screen does
 * not need is fetched after it, so the first screen does not wait for it.
 */
export function afterFirstPaint(): Promise<void> {
  const observable =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!observable || performance.getEntriesByName('first-contentful-paint').length > 0)
    return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint' });
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
  });
}
