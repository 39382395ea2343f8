import { authError } from './errors.ts';

/**
 * Failed password sign-ins in a sliding window, per account and per client IP (issue 19), so a
 * password cannot be guessed at the speed of the machine. Past the limit GoTrue's 429
 * over_request_rate_limit answers, before the password is even compared (the right password
 * too, until the window moves on). Only failures count: a person signing in never meets it.
 */
export interface SignInLimits {
  perAccount: number;
  perIp: number;
  windowMs: number;
}

export class FailureWindow {
  private readonly hits = new Map<string, number[]>();

  private recent(key: string, nowMs: number, windowMs: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => nowMs - t < windowMs && t <= nowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  /** Throws the 429 when any key has reached its limit within the window. */
  check(keys: [string, number][], nowMs: number, windowMs: number): void {
    for (const [key, limit] of keys) {
      if (limit > 0 && this.recent(key, nowMs, windowMs).length >= limit)
        throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  }

  record(keys: string[], nowMs: number): void {
    for (const key of keys) this.hits.set(key, [...(this.hits.get(key) ?? []), nowMs]);
    if (this.hits.size > 50_000) this.hits.delete(this.hits.keys().next().value as string);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }
}
