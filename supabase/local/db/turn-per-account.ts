/**
 * One statement at a time per account. The embedded database runs one statement at a time and takes
 * them in the order they arrive, so an account with many requests in flight (an import in 100-link
 * calls) would put all of them ahead of another user's read. Holding an account's next statement back
 * until its previous one is answered leaves at most one of its statements queued: another user waits
 * for one of them, not for all. Requests without an account (anon, service role) are not held.
 */
export function turnPerAccount() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(account: string | null, run: () => Promise<T>): Promise<T> => {
    if (account === null) return run();
    const result = (tails.get(account) ?? Promise.resolve()).then(run);
    const tail = result.catch(() => undefined);
    tails.set(account, tail);
    void tail.then(() => tails.get(account) === tail && tails.delete(account));
    return result;
  };
}
