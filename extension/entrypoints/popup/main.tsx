import '../../ui/extension.css';
import { createRoot } from 'react-dom/client';
import { followUserAppearance } from '../../ui/theme-mode.ts';
import { readBootState } from './boot.ts';
import { PopupApp } from './popup-app.tsx';

followUserAppearance();
const root = createRoot(document.getElementById('root')!);
// One storage read and one tab query decide the first view; nothing waits for the network.
readBootState().then(
  (boot) => root.render(<PopupApp boot={boot} />),
  (error: unknown) => {
    console.error('popup boot failed', error);
    document.body.textContent = 'LinkVault could not start. Please reopen the popup.';
  },
);
