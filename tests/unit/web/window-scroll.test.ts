import { describe, expect, it } from 'vitest';
import type { Virtualizer } from '@tanstack/react-virtual';
import { skipAttachScroll } from '../../../web/src/lib/window-scroll.ts';

/** The virtualizer's scroll on attaching (to where the window already is, a forced layout) is skipped, no other. */
describe('skipAttachScroll (web/src/lib/window-scroll.ts)', () => {
  function fakeInstance() {
    const calls: ScrollToOptions[] = [];
    const instance = { scrollElement: { scrollTo: (options: ScrollToOptions) => calls.push(options) }, options: { horizontal: false } };
    return { calls, instance: instance as unknown as Virtualizer<Window, Element> };
  }

  it('skips the first plain scroll and lets every later one through', () => {
    const { calls, instance } = fakeInstance();
    const scrollTo = skipAttachScroll();
    scrollTo(0, {}, instance);
    expect(calls).toEqual([]);
    scrollTo(400, {}, instance);
    scrollTo(400, { adjustments: 20 }, instance);
    expect(calls.map((c) => c.top)).toEqual([400, 420]);
  });

  it('never skips a first scroll that asks for something (smooth, or with adjustments)', () => {
    const { calls, instance } = fakeInstance();
    const scrollTo = skipAttachScroll();
    scrollTo(300, { behavior: 'smooth' }, instance);
    expect(calls).toEqual([{ top: 300, behavior: 'smooth' }]);
  });
});
