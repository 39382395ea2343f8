import '../../ui/extension.css';
import { createRoot } from 'react-dom/client';
import { followSystemTheme } from '../../ui/theme-mode.ts';
import { OptionsApp } from './options-app.tsx';

followSystemTheme();
createRoot(document.getElementById('root')!).render(<OptionsApp />);
