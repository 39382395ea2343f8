import { describe, expect, it } from 'vitest';
import { burst, step, PARTICLES_PER_BURST } from '../../web/src/routes/demo/particles.ts';

describe('fizzy particles', () => {
  it('never keeps more than 250 alive; the newest burst always shows', () => {
    let alive = burst([], 0, 0);
    expect(alive).toHaveLength(PARTICLES_PER_BURST);
    for (let i = 0; i < 10; i++) alive = burst(alive, i, i);
    expect(alive).toHaveLength(250);
    expect(alive[alive.length - 1].x).toBe(9);
  });
  it('particles die out', () => {
    const alive = burst([], 0, 0);
    for (let i = 0; i < 100; i++) step(alive, 0.05);
    expect(alive).toHaveLength(0);
  });
});
