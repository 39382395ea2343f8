/**
 * The flags every test and benchmark launches Debian's chromium with (ARCHITECTURE.md "Testing").
 *
 * `--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup`: Chromium 15x builds the omnibox popup
 * of every new window or tab as a WebUI page in a renderer of its own. In headless mode each new
 * Playwright context or page paid about 0.5 s of CPU for it (and the browser process 0.1 s more)
 * right when the test's own page started loading, on a 2-core machine: it slowed every e2e test and
 * put noise into first-load benchmarks. Measured by reading /proc CPU times around newContext()
 * and newPage() (renderer-webui 480-580 ms before, none after). A headless test never opens the popup.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
