import { PARTICLE_EFFECT_CAP } from '~shared/constants.ts';

/** One particle of the fizzy burst (positions in CSS pixels, velocities in px per second). */
export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Seconds left to live. */
  life: number;
  maxLife: number;
  size: number;
  hue: number;
}

/** Particles per press; several quick presses reach the cap, which is never exceeded. */
export const PARTICLES_PER_BURST = 90;
const GRAVITY = 420;

/**
 * Adds a burst at (x, y) to `alive`, keeping at most `cap` particles: when full, the oldest make way
 * (a new press always shows a burst, and the frame's work stays bounded).
 */
export function burst(
  alive: Particle[],
  x: number,
  y: number,
  random: () => number = Math.random,
  count = PARTICLES_PER_BURST,
  cap = PARTICLE_EFFECT_CAP,
): Particle[] {
  const fresh: Particle[] = [];
  for (let i = 0; i < Math.min(count, cap); i++) {
    const angle = random() * Math.PI * 2;
    const speed = 120 + random() * 320;
    const life = 0.6 + random() * 0.7;
    fresh.push({
      x,
      y,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed - 160,
      life,
      maxLife: life,
      size: 2 + random() * 3.5,
      hue: 190 + random() * 140,
    });
  }
  const next = alive.concat(fresh);
  return next.length > cap ? next.slice(next.length - cap) : next;
}

/** Advances every particle by `dt` seconds and drops the dead ones (mutates in place for speed). */
export function step(alive: Particle[], dt: number): Particle[] {
  let kept = 0;
  for (const p of alive) {
    p.life -= dt;
    if (p.life <= 0) continue;
    p.vy += GRAVITY * dt;
    p.vx *= 1 - 0.9 * dt;
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    alive[kept++] = p;
  }
  alive.length = kept;
  return alive;
}
