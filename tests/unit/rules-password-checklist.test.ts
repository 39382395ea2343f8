import { describe, expect, it } from 'vitest';
import { passwordChecklist, passwordRuleHint } from '../../shared/rules/password-checklist.ts';
import { checkPasswordLocally, meetsSignUpPasswordPolicy } from '../../shared/rules/password-policy.ts';

/** The rules shown while typing are the rules the server applies. */

const allMet = (password: string, set: 'sign-up' | 'reset', identity = {}) =>
  passwordChecklist(password, set, identity).every((rule) => rule.met);

describe('password checklist', () => {
  const samples = [
    'short',
    'alllowercaseletters',
    'Lowercase and Upper',
    'NoSymbols123456',
    'Sturdy-Passw0rd!',
    'abcdEFGH1234!',
    'Mixed-case-words',
    'alice.smith-Passw0rd!',
    'Zz9!Zz9!Zz9!Zz9!',
  ];

  it('sign-up: every rule met exactly when the sign-up policy passes (all four classes)', () => {
    for (const p of samples) expect(allMet(p, 'sign-up'), p).toBe(meetsSignUpPasswordPolicy(p));
    expect(passwordChecklist('Sturdy-Passw0rd!', 'sign-up').map((r) => r.label)).toEqual([
      'At least 12 characters',
      'A lowercase letter',
      'An uppercase letter',
      'A digit',
      'A symbol',
    ]);
  });

  it("reset: every rule met exactly when secure-reset's local checks pass (3 of 4 classes)", () => {
    const identity = { email: 'alice.smith@example.test' };
    for (const p of samples) expect(allMet(p, 'reset', identity), p).toBe(checkPasswordLocally(p, identity) === null);
    // 3 of 4 is enough, as the server says.
    expect(allMet('Mixed-case-words', 'reset')).toBe(true);
    expect(allMet('Mixed-case-words', 'sign-up')).toBe(false);
  });

  it('the hints state the same rules', () => {
    expect(passwordRuleHint('sign-up')).toBe('At least 12 characters, with a lowercase letter, an uppercase letter, a digit and a symbol.');
    expect(passwordRuleHint('reset')).toContain('with 3 of: lowercase letters, uppercase letters, digits, symbols');
  });
});
