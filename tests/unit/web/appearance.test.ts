import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCENT_HSL } from '../../../shared/constants.ts';
import { appearanceStyle, normalizeAppearance, resolveTheme } from '../../../shared/ui/appearance-style.ts';

describe('resolveTheme', () => {
  it("follows the OS for 'system' and is itself otherwise", () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('gray', false)).toBe('gray');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('normalizeAppearance', () => {
  it('accepts database and cache shapes', () => {
    expect(normalizeAppearance({ theme: 'gray', accent_hsl: '160 84% 39%', density: 'compact' })).toEqual({
      theme: 'gray',
      accentHsl: '160 84% 39%',
      density: 'compact',
    });
    expect(normalizeAppearance({ theme: 'light', accentHsl: '330 81% 60%', density: 'comfortable' }).accentHsl).toBe('330 81% 60%');
  });
  it('falls back to the defaults (dark, default accent, comfortable) for anything unknown', () => {
    expect(normalizeAppearance(null)).toEqual({ theme: 'dark', accentHsl: DEFAULT_ACCENT_HSL, density: 'comfortable' });
    expect(normalizeAppearance({ theme: 'neon', accent_hsl: 'red', density: 'tiny' })).toEqual({
      theme: 'dark',
      accentHsl: DEFAULT_ACCENT_HSL,
      density: 'comfortable',
    });
  });
});

describe('appearanceStyle', () => {
  it('puts the theme and density classes on <html>', () => {
    expect(appearanceStyle({ theme: 'light', accentHsl: DEFAULT_ACCENT_HSL, density: 'comfortable' }, true).classes).toEqual([]);
    expect(appearanceStyle({ theme: 'system', accentHsl: DEFAULT_ACCENT_HSL, density: 'compact' }, true).classes).toEqual([
      'dark',
      'density-compact',
    ]);
    expect(appearanceStyle({ theme: 'gray', accentHsl: DEFAULT_ACCENT_HSL, density: 'comfortable' }, false).classes).toEqual(['gray']);
  });
  it('overrides the primary colour with a custom accent, with text by lightness', () => {
    const light = appearanceStyle({ theme: 'dark', accentHsl: '60 90% 70%', density: 'comfortable' }, false).variables;
    expect(light['--primary']).toBe('60 90% 70%');
    expect(light['--primary-foreground']).toBe('222.2 47.4% 11.2%');
    const dark = appearanceStyle({ theme: 'dark', accentHsl: '217 91% 40%', density: 'comfortable' }, false).variables;
    expect(dark['--primary-foreground']).toBe('210 40% 98%');
  });
  it('keeps the theme primary for the default accent', () => {
    const vars = appearanceStyle({ theme: 'dark', accentHsl: DEFAULT_ACCENT_HSL, density: 'comfortable' }, false).variables;
    expect(vars['--primary']).toBeNull();
  });
});
