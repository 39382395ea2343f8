import { describe, expect, it } from 'vitest';
import { processLogoPixels } from '../../../web/src/features/logo/logo-pixels.ts';

const px = (...values: number[]) => new Uint8ClampedArray(values);

describe('processLogoPixels (tolerance 40)', () => {
  it('makes pure and near-black pixels transparent, keeping their colour', () => {
    expect([...processLogoPixels(px(0, 0, 0, 255), 40)]).toEqual([0, 0, 0, 0]);
    expect([...processLogoPixels(px(40, 40, 40, 255), 40)]).toEqual([40, 40, 40, 0]);
    expect([...processLogoPixels(px(12, 30, 5, 200), 40)]).toEqual([12, 30, 5, 0]);
  });

  it('makes near-white pixels opaque white', () => {
    expect([...processLogoPixels(px(255, 255, 255, 10), 40)]).toEqual([255, 255, 255, 255]);
    expect([...processLogoPixels(px(215, 230, 250, 128), 40)]).toEqual([255, 255, 255, 255]);
  });

  it('leaves pixels just outside the tolerance and coloured pixels untouched', () => {
    expect([...processLogoPixels(px(41, 0, 0, 255), 40)]).toEqual([41, 0, 0, 255]);
    expect([...processLogoPixels(px(214, 255, 255, 255), 40)]).toEqual([214, 255, 255, 255]);
    expect([...processLogoPixels(px(59, 130, 246, 255), 40)]).toEqual([59, 130, 246, 255]);
  });

  it('processes every pixel and does not mutate its input', () => {
    const input = px(0, 0, 0, 255, 250, 250, 250, 0, 100, 100, 100, 255);
    const output = processLogoPixels(input, 40);
    expect([...output]).toEqual([0, 0, 0, 0, 255, 255, 255, 255, 100, 100, 100, 255]);
    expect([...input]).toEqual([0, 0, 0, 255, 250, 250, 250, 0, 100, 100, 100, 255]);
  });

  it('honours the tolerance it is given', () => {
    expect([...processLogoPixels(px(10, 10, 10, 255), 5)]).toEqual([10, 10, 10, 255]);
    expect([...processLogoPixels(px(10, 10, 10, 255), 10)]).toEqual([10, 10, 10, 0]);
  });
});
