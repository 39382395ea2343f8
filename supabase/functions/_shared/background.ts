/** Supabase's edge runtime keeps a worker alive for promises handed to EdgeRuntime.waitUntil. */
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

/**
 * Runs work after the answer has gone out: on hosted Supabase through EdgeRuntime.waitUntil, in
 * the local stack's long-lived Deno worker as a detached promise. Failures are logged, never thrown.
 */
export function runAfterResponse(label: string, work: () => Promise<void>): void {
  const promise = work().catch((e) => console.error(`${label}:`, (e as Error).message));
  if (typeof EdgeRuntime !== 'undefined' && EdgeRuntime?.waitUntil) EdgeRuntime.waitUntil(promise);
}
