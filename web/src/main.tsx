import { preloadInitialRoute } from './app/route-preload.ts';
import './index.css';

/** At most this long does the app wait for a first page's data requests to be sent (a hung token refresh). */
const PRELOAD_WAIT_MS = 1000;

// The entry chunk is only this (issue 11 'Scale'): a signed-in folder or the dashboard sends its data
// requests first, then the app (render-app.tsx: React and the routes) is evaluated while the database
// answers. The app chunk downloads meanwhile: index.html preloads it (vite.config.ts, preloadAppChunk).
const preloaded = preloadInitialRoute(window.location.pathname);
void Promise.race([preloaded, new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS))]).then(() => import('./render-app.tsx'));
