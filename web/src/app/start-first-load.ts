import { preloadInitialRoute } from './route-preload.ts';

// Imported first by main.tsx, so this runs before React and the app's modules are evaluated: a
// signed-in first load asks for its data as early as the page can (docs/first-load.md).
preloadInitialRoute(window.location.pathname);
