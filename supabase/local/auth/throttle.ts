import { authError } from './errors.ts';

/**
 * Failed password sign-ins in a sliding window, per account and per client IP, so a
 * password cannot be guessed at the speed of the machine. Past the limit GoTrue's 429
 * over_request_rate_limit answers, before the password is even compared (the right password
 * too, until the window moves on). Only failures count: a person signing in never meets it.
 */
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

/**
 * GoTrue's per-IP request rate limits (its tollbooth limiters, internal/api/apilimiter): a token
 * bucket per client IP that holds `burst` requests (GoTrue: 30) and refills `perFiveMinutes` evenly
 * over five minutes. An empty bucket answers 429 over_request_rate_limit 'Request rate limit
 * reached', before any work (no password is compared). Counted are all requests, successful ones
 * too: a correct password is no less expensive to check than a wrong one. `perFiveMinutes` 0 turns
 * the limit off.
 */
export class RateBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly limit: () => { perFiveMinutes: number; burst: number }) {}

  take(key: string, nowMs: number): void {
    const { perFiveMinutes, burst } = this.limit();
    if (perFiveMinutes <= 0) return;
    const perMs = perFiveMinutes / 300_000;
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(burst, bucket.tokens + Math.max(0, nowMs - bucket.at) * perMs) : burst;
    if (tokens < 1) {
      if (bucket) Object.assign(bucket, { tokens, at: nowMs });
      throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    // Map order is insertion order: re-inserting keeps the least recently used first, dropped first.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: tokens - 1, at: nowMs });
    if (this.buckets.size > 50_000) this.buckets.delete(this.buckets.keys().next().value as string);
  }
}
