import { useContext } from 'react';
import { AppearanceContext, type AppearanceContextValue } from './appearance-context.ts';
import type { ResolvedTheme } from '~shared/ui/appearance-style.ts';

export function useAppearance(): AppearanceContextValue {
  return useContext(AppearanceContext);
}

export function useResolvedTheme(): ResolvedTheme {
  return useContext(AppearanceContext).resolvedTheme;
}
