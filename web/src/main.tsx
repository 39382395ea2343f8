import './app/start-first-load.ts'; // first: starts a signed-in page's data requests
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { firstRouteReady } from './app/route-preload.ts';
import './index.css';

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A signed-in first load of a folder or the dashboard renders once its route and data are in (at
// most 1 s later; route-preload.ts), in one pass, instead of a loading fallback first.
const ready = firstRouteReady();
if (ready) void ready.then(render);
else render();
// For bench:first-load's milestones (a mark costs nothing measurable).
performance.mark('lv:entry-run');
