import { describe, expect, it } from 'vitest';
import {
  accentForegroundHsl,
  accentTextTone,
  ACCENT_TEXT_DARK_HSL,
  ACCENT_TEXT_LIGHT_HSL,
  formatHsl,
  hexToHsl,
  hexToHslString,
  hslStringToHex,
  hslToHex,
  isHexColor,
  parseHsl,
} from '../../shared/rules/color.ts';
import { ACCENT_PRESETS, DEFAULT_ACCENT_HSL } from '../../shared/constants.ts';

describe('parseHsl / formatHsl', () => {
  it("parses 'h s% l%' and the hsl() form", () => {
    expect(parseHsl(DEFAULT_ACCENT_HSL)).toEqual({ h: 222.2, s: 47.4, l: 11.2 });
    expect(parseHsl('hsl(120, 50%, 60%)')).toEqual({ h: 120, s: 50, l: 60 });
    expect(parseHsl(' 0 0% 100% ')).toEqual({ h: 0, s: 0, l: 100 });
  });
  it.each(['', '222 47 11', '400 10% 10%', '10 101% 10%', '10 10% -5%', 'red', '1 2% 3% 4%'])('refuses %j', (v) => {
    expect(parseHsl(v)).toBeNull();
  });
  it('formats with at most one decimal', () => {
    expect(formatHsl({ h: 217.2191, s: 91.2, l: 59.80392 })).toBe('217.2 91.2% 59.8%');
  });
});

describe('hex <-> hsl', () => {
  it('converts the presets both ways', () => {
    expect(hexToHsl('#3b82f6')).toEqual({ h: 217.2, s: 91.2, l: 59.8 });
    for (const { hex } of ACCENT_PRESETS) expect(hslToHex(hexToHsl(hex)!)).toBe(hex);
  });
  it('handles greys, short hex and missing #', () => {
    expect(hexToHsl('#fff')).toEqual({ h: 0, s: 0, l: 100 });
    expect(hexToHsl('000000')).toEqual({ h: 0, s: 0, l: 0 });
    expect(hexToHsl('#ff0000')).toEqual({ h: 0, s: 100, l: 50 });
    expect(hexToHsl('#00ff00')).toEqual({ h: 120, s: 100, l: 50 });
  });
  it('refuses non-hex', () => {
    expect(hexToHsl('#12345')).toBeNull();
    expect(isHexColor('#gggggg')).toBe(false);
    expect(isHexColor('#10b981')).toBe(true);
    expect(hexToHslString('nope')).toBeNull();
    expect(hslStringToHex('nope')).toBeNull();
  });
  it('string helpers round-trip for the picker', () => {
    expect(hexToHslString('#10b981')).toBe('160.1 84.1% 39.4%');
    expect(hslStringToHex('160.1 84.1% 39.4%')).toBe('#10b981');
  });
});

describe('accent text colour', () => {
  it('uses dark text on accents lighter than 55', () => {
    expect(accentTextTone('60 90% 55.1%')).toBe('dark');
    expect(accentForegroundHsl('60 90% 80%')).toBe(ACCENT_TEXT_DARK_HSL);
  });
  it('uses light text at 55 and below, and for unparseable values', () => {
    expect(accentTextTone('60 90% 55%')).toBe('light');
    expect(accentTextTone(DEFAULT_ACCENT_HSL)).toBe('light');
    expect(accentForegroundHsl('garbage')).toBe(ACCENT_TEXT_LIGHT_HSL);
  });
});
