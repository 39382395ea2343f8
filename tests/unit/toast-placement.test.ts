import { describe, expect, it } from 'vitest';
import { coversBottomToastZone } from '../../shared/ui/toast-placement.ts';

/** A toast never covers the control it is about: a control in the bottom-centre strip sends it to the top. */
const viewport = { width: 1280, height: 860 };
const box = (left: number, top: number, width = 80, height = 32) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
  width,
  height,
});

describe('coversBottomToastZone', () => {
  it('is true for a control in the bottom-centre strip', () => {
    expect(coversBottomToastZone(box(600, 800), viewport)).toBe(true);
    expect(coversBottomToastZone(box(430, 720), viewport)).toBe(true);
  });
  it('is false above the strip, beside it, off screen, or for an element with no box', () => {
    expect(coversBottomToastZone(box(600, 400), viewport)).toBe(false);
    expect(coversBottomToastZone(box(1100, 800), viewport)).toBe(false);
    expect(coversBottomToastZone(box(20, 800), viewport)).toBe(false);
    expect(coversBottomToastZone(box(600, 900), viewport)).toBe(false);
    expect(coversBottomToastZone(box(600, 800, 0, 0), viewport)).toBe(false);
  });
});
