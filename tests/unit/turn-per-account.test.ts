import { describe, expect, it } from 'vitest';
import { turnPerAccount } from '../../supabase/local/db/turn-per-account.ts';

/** A call whose answer the test gives when it chooses, recording when it started. */
function deferredCall(started: string[], name: string) {
  let answer!: (value: string) => void;
  let fail!: (error: Error) => void;
  const run = () => {
    started.push(name);
    return new Promise<string>((resolve, reject) => {
      answer = resolve;
      fail = reject;
    });
  };
  return { run, answer: (value: string) => answer(value), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('turnPerAccount (the embedded database takes one statement per account at a time)', () => {
  it("holds an account's next statement until its previous one is answered, without holding other accounts", async () => {
    const inTurn = turnPerAccount();
    const started: string[] = [];
    const a1 = deferredCall(started, 'a1');
    const a2 = deferredCall(started, 'a2');
    const b1 = deferredCall(started, 'b1');
    const first = inTurn('account-a', a1.run);
    const second = inTurn('account-a', a2.run);
    const other = inTurn('account-b', b1.run);
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    a1.answer('one');
    expect(await first).toBe('one');
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    a2.answer('two');
    b1.answer('other');
    expect(await Promise.all([second, other])).toEqual(['two', 'other']);
  });

  it("a failed statement fails its own call only and does not block the account's next one", async () => {
    const inTurn = turnPerAccount();
    const started: string[] = [];
    const a1 = deferredCall(started, 'a1');
    const a2 = deferredCall(started, 'a2');
    const first = inTurn('account-a', a1.run);
    const second = inTurn('account-a', a2.run);
    await settle();
    a1.fail(new Error('refused'));
    await expect(first).rejects.toThrow('refused');
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    a2.answer('two');
    expect(await second).toBe('two');
  });

  it('runs statements without an account at once, side by side', async () => {
    const inTurn = turnPerAccount();
    const started: string[] = [];
    const n1 = deferredCall(started, 'n1');
    const n2 = deferredCall(started, 'n2');
    const both = [inTurn(null, n1.run), inTurn(null, n2.run)];
    expect(started).toEqual(['n1', 'n2']);
    n1.answer('1');
    n2.answer('2');
    expect(await Promise.all(both)).toEqual(['1', '2']);
  });
});
