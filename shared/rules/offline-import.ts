/**
 * Downloads code on demand only while the browser says it is online. Chromium keeps a failed module
 * download in the page's module map for good (and a failed <link rel=modulepreload> of one of its
 * chunks too), so code first asked for while offline could never load in that page again. While
 * offline the call fails at once, with the error a failed download gives (code-load.ts), and nothing
 * is requested; the next call once online downloads the code.
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return Promise.reject(new Error('Failed to fetch dynamically imported module: offline'));
  }
  return load();
}
