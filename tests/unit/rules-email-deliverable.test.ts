import { describe, expect, it } from 'vitest';
import { canReceiveMail } from '../../shared/rules/email-deliverable.ts';

describe('canReceiveMail', () => {
  it('accepts ordinary addresses', () => {
    for (const a of ['bob@example.com', 'Bob.Smith+tag@mail.example.co.uk', 'x@example.test', 'user@xn--bcher-kva.example', ' a@b.io '])
      expect(canReceiveMail(a), a).toBe(true);
  });
  it('refuses addresses no mail server can deliver to', () => {
    for (const a of [
      '',
      'bob',
      'bob@',
      '@example.com',
      'bob@localhost',
      'bob@example',
      'b ob@example.com',
      'bob@exa mple.com',
      'bob@example.c0m',
      'bob@-example.com',
      'a@b..com',
      'a..b@example.com',
      `${'a'.repeat(65)}@example.com`,
    ]) {
      expect(canReceiveMail(a), a).toBe(false);
    }
  });
});
