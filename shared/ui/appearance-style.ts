import { DEFAULT_ACCENT_HSL, DEFAULT_DENSITY, DEFAULT_THEME, DENSITIES, THEMES, type Density, type Theme } from '../constants.ts';
import { accentForegroundHsl, isHslString } from '../rules/color.ts';

/** A user's appearance settings (user_appearance_settings, part 2 §3). */
export interface Appearance {
  theme: Theme;
  accentHsl: string;
  density: Density;
}

export type ResolvedTheme = 'light' | 'dark' | 'gray';

export const DEFAULT_APPEARANCE: Appearance = { theme: DEFAULT_THEME, accentHsl: DEFAULT_ACCENT_HSL, density: DEFAULT_DENSITY };

/** The last applied appearance, so the next visit paints right away (read by the inline script in index.html). */
export const APPEARANCE_CACHE_KEY = 'linkvault-appearance';

/** 'system' follows the OS preference; the others are themselves. */
export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** Any stored or cached value made safe: unknown values fall back to the defaults. */
export function normalizeAppearance(value: unknown): Appearance {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const theme = THEMES.includes(raw.theme as Theme) ? (raw.theme as Theme) : DEFAULT_APPEARANCE.theme;
  const density = DENSITIES.includes(raw.density as Density) ? (raw.density as Density) : DEFAULT_APPEARANCE.density;
  const accent = raw.accentHsl ?? raw.accent_hsl;
  const accentHsl = typeof accent === 'string' && isHslString(accent) ? accent.trim() : DEFAULT_APPEARANCE.accentHsl;
  return { theme, accentHsl, density };
}

export interface AppearanceStyle {
  /** Classes on <html>: the theme class ('dark' / 'gray'; light is the default) and density. */
  classes: string[];
  /** CSS variables on <html>; null removes the override. */
  variables: Record<string, string | null>;
}

/**
 * How an appearance is painted. The accent replaces the theme's primary colour (buttons, focus
 * rings), with dark or light text by its lightness. The default accent means "not customised"
 * (chosen: the default, a near-black navy, would vanish on the default dark theme), so each theme
 * keeps its own primary until the user picks an accent.
 */
export function appearanceStyle(appearance: Appearance, prefersDark: boolean): AppearanceStyle {
  const resolved = resolveTheme(appearance.theme, prefersDark);
  const classes: string[] = resolved === 'light' ? [] : [resolved];
  if (appearance.density === 'compact') classes.push('density-compact');
  const customAccent = appearance.accentHsl !== DEFAULT_ACCENT_HSL;
  return {
    classes,
    variables: {
      '--primary': customAccent ? appearance.accentHsl : null,
      '--ring': customAccent ? appearance.accentHsl : null,
      '--primary-foreground': customAccent ? accentForegroundHsl(appearance.accentHsl) : null,
    },
  };
}

const MANAGED_CLASSES = ['light', 'dark', 'gray', 'density-compact', 'density-comfortable'];

/** Paints an appearance onto <html>. */
export function applyAppearanceStyle(root: HTMLElement, style: AppearanceStyle, theme: Theme): void {
  root.classList.remove(...MANAGED_CLASSES);
  root.classList.add(...style.classes);
  root.dataset.theme = theme;
  for (const [name, value] of Object.entries(style.variables)) {
    if (value === null) root.style.removeProperty(name);
    else root.style.setProperty(name, value);
  }
}
