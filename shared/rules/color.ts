import { ACCENT_TEXT_LIGHTNESS_THRESHOLD } from '../constants.ts';

/**
 * Accent colours are stored as 'h s% l%' (the CSS-variable form, e.g. '222.2 47.4% 11.2%');
 * the colour picker speaks hex. Text on the accent is dark when its lightness is above 55.
 */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const HSL_PATTERN = new RegExp(String.raw`^\s*(?:hsl\(\s*)?${NUMBER}(?:deg)?\s*[,\s]\s*${NUMBER}%\s*[,\s]\s*${NUMBER}%\s*\)?\s*$`, 'i');
const HEX_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses 'h s% l%' (also 'hsl(h, s%, l%)'); h in 0-360, s and l in 0-100; null otherwise. */
export function parseHsl(value: string | null | undefined): Hsl | null {
  if (typeof value !== 'string') return null;
  const match = HSL_PATTERN.exec(value);
  if (!match) return null;
  const [h, s, l] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (h > 360 || s > 100 || l > 100) return null;
  return { h, s, l };
}

export function isHslString(value: string | null | undefined): boolean {
  return parseHsl(value) !== null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The stored form: 'h s% l%' with at most one decimal. */
export function formatHsl({ h, s, l }: Hsl): string {
  return `${round1(h)} ${round1(s)}% ${round1(l)}%`;
}

export function isHexColor(value: string | null | undefined): boolean {
  return typeof value === 'string' && HEX_PATTERN.test(value.trim());
}

/** '#3b82f6' (or '3b82f6', '#38f') to HSL; null when not a hex colour. */
export function hexToHsl(hex: string): Hsl | null {
  const match = HEX_PATTERN.exec(hex.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0, l: round1(l * 100) };
  const s = delta / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / delta) % 6;
  else if (max === g) h = (b - r) / delta + 2;
  else h = (r - g) / delta + 4;
  h = (h * 60 + 360) % 360;
  return { h: round1(h), s: round1(s * 100), l: round1(l * 100) };
}

/** HSL to '#rrggbb' (lower case). */
export function hslToHex({ h, s, l }: Hsl): string {
  const sat = s / 100;
  const light = l / 100;
  const chroma = (1 - Math.abs(2 * light - 1)) * sat;
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = light - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Hex from the picker to the stored 'h s% l%' string; null when not a hex colour. */
export function hexToHslString(hex: string): string | null {
  const hsl = hexToHsl(hex);
  return hsl ? formatHsl(hsl) : null;
}

/** Stored 'h s% l%' to hex for the picker; null when not parseable. */
export function hslStringToHex(value: string): string | null {
  const hsl = parseHsl(value);
  return hsl ? hslToHex(hsl) : null;
}

/** Light accents (lightness above 55) get dark text; others light text. Unparseable -> light text. */
export function accentTextTone(accentHsl: string): 'dark' | 'light' {
  const hsl = parseHsl(accentHsl);
  return hsl && hsl.l > ACCENT_TEXT_LIGHTNESS_THRESHOLD ? 'dark' : 'light';
}

/** The text colour to pair with the accent, in the same 'h s% l%' form (shadcn's foreground pair). */
export const ACCENT_TEXT_DARK_HSL = '222.2 47.4% 11.2%';
export const ACCENT_TEXT_LIGHT_HSL = '210 40% 98%';
export function accentForegroundHsl(accentHsl: string): string {
  return accentTextTone(accentHsl) === 'dark' ? ACCENT_TEXT_DARK_HSL : ACCENT_TEXT_LIGHT_HSL;
}
