import { createContext } from 'react';
import { DEFAULT_APPEARANCE, type Appearance, type ResolvedTheme } from '~shared/ui/appearance-style.ts';

export interface AppearanceContextValue {
  appearance: Appearance;
  resolvedTheme: ResolvedTheme;
  /** Applies (and remembers on this device) an appearance, e.g. after /settings/appearance saved it. */
  setAppearance: (appearance: Appearance) => void;
}

export const AppearanceContext = createContext<AppearanceContextValue>({
  appearance: DEFAULT_APPEARANCE,
  resolvedTheme: 'dark',
  setAppearance: () => undefined,
});
