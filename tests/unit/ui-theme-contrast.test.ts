import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Primary buttons have white text, readable (WCAG AA 4.5:1) in light and dark. */

const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../shared/ui/theme.css'), 'utf8');

function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  return css.slice(start, css.indexOf('}', start));
}
function hsl(blockText: string, name: string): [number, number, number] {
  const m = new RegExp(`--${name}:\\s*([\\d.]+)\\s+([\\d.]+)%\\s+([\\d.]+)%`).exec(blockText);
  if (!m) throw new Error(`no --${name}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}
function luminance([h, s, l]: [number, number, number]): number {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(0) + 0.7152 * f(8) + 0.0722 * f(4);
}
const contrast = (a: [number, number, number], b: [number, number, number]) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

describe('primary buttons', () => {
  it.each([':root', '.dark'])('%s: white text at AA contrast', (selector) => {
    const b = block(selector);
    const fg = hsl(b, 'primary-foreground');
    expect(fg[2]).toBeGreaterThanOrEqual(98);
    expect(contrast(hsl(b, 'primary'), fg)).toBeGreaterThanOrEqual(4.5);
  });
});
