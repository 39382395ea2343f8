import type { CSSProperties } from 'react';
import type { StudioTheme } from '~shared/constants.ts';
import { textOnAccent } from '~shared/rules/profile-page.ts';

/** The studio's four page themes as CSS variables (the page ignores the visitor's app theme). */
const PALETTES: Record<StudioTheme, { bg: string; fg: string; card: string; muted: string; border: string; banner: string }> = {
  light: { bg: '#f8fafc', fg: '#0f172a', card: '#ffffff', muted: '#475569', border: '#e2e8f0', banner: '#e2e8f0' },
  dark: { bg: '#0b1120', fg: '#e5e7eb', card: '#111827', muted: '#9ca3af', border: '#1f2937', banner: '#1f2937' },
  neon: { bg: '#0a0014', fg: '#f5f3ff', card: '#140726', muted: '#c4b5fd', border: '#4c1d95', banner: '#1e0b3a' },
  pastel: { bg: '#fdf4ff', fg: '#3f3f46', card: '#fffbfe', muted: '#71717a', border: '#f5d0fe', banner: '#fae8ff' },
};

export function pageThemeStyle(theme: StudioTheme | null | undefined, accent: string): CSSProperties {
  const p = PALETTES[theme ?? 'light'] ?? PALETTES.light;
  return {
    '--pp-bg': p.bg,
    '--pp-fg': p.fg,
    '--pp-card': p.card,
    '--pp-muted': p.muted,
    '--pp-border': p.border,
    '--pp-banner': p.banner,
    '--pp-accent': accent,
    '--pp-on-accent': textOnAccent(accent),
    colorScheme: theme === 'dark' || theme === 'neon' ? 'dark' : 'light',
  } as CSSProperties;
}
