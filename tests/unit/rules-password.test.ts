import { describe, expect, it } from 'vitest';
import {
  characterClasses,
  checkPasswordLocally,
  containsIdentity,
  countCharacterClasses,
  hasSequenceOrRepeat,
  identityParts,
  localPasswordIssues,
  meetsSignUpPasswordPolicy,
  SECURE_RESET_CODES,
} from '../../shared/rules/password-policy.ts';
import {
  SECURE_RESET_ERROR_TITLE,
  SECURE_RESET_FALLBACK_MESSAGE,
  SECURE_RESET_MESSAGES,
  secureResetErrorMessage,
} from '../../shared/rules/secure-reset-messages.ts';

describe('character classes', () => {
  it('detects each class', () => {
    expect(characterClasses('aB3!')).toEqual({ lowercase: true, uppercase: true, digit: true, symbol: true });
    expect(characterClasses('abc def')).toEqual({ lowercase: true, uppercase: false, digit: false, symbol: false });
    expect(countCharacterClasses('ÉCOLE école 12')).toBe(3);
  });
});

describe('sign-up policy', () => {
  it('needs 12+ characters and all four classes', () => {
    expect(meetsSignUpPasswordPolicy('Tr0ub4dor&3x')).toBe(true);
    expect(meetsSignUpPasswordPolicy('Tr0ub4dor&3')).toBe(false); // 11
    expect(meetsSignUpPasswordPolicy('Troubadorxx&y')).toBe(false); // no digit
    expect(meetsSignUpPasswordPolicy('tr0ub4dor&3xx')).toBe(false); // no uppercase
    expect(meetsSignUpPasswordPolicy('Tr0ub4dor33xx')).toBe(false); // no symbol
  });
});

describe('sequences and repeats', () => {
  it.each(['abcd', 'xxABCDxx', 'dcba', 'WXYZ', '1234', '4321', '9876', 'aaaa', '!!!!', '0000'])('flags %j', (pw) => {
    expect(hasSequenceOrRepeat(`Q7!${pw}m`)).toBe(true);
  });
  it.each(['abc', 'abce', '123', '1235', 'aaa', 'abab', 'az09', '789a', 'yza'])('accepts %j', (pw) => {
    expect(hasSequenceOrRepeat(pw)).toBe(false);
  });
});

describe('identity', () => {
  it('uses the e-mail local part, username and their parts, ignoring parts shorter than 3', () => {
    expect(identityParts({ email: 'John.Smith@example.com', username: 'js' })).toEqual(['john.smith', 'john', 'smith']);
  });
  it('is case-insensitive', () => {
    expect(containsIdentity('my-SMITH-pass', { email: 'john.smith@example.com' })).toBe(true);
    expect(containsIdentity('xxCoolCatxx', { username: 'coolcat' })).toBe(true);
    expect(containsIdentity('nothing here', { email: 'jo@example.com', username: 'ab' })).toBe(false);
    expect(containsIdentity('example.com rules', { email: 'jo@example.com' })).toBe(false);
  });
});

describe('local secure-reset checks', () => {
  const identity = { email: 'alice.wonder@example.com', username: 'rabbit' };
  it.each([
    ['Sh0rt!pw', 'min_length'],
    ['alllowercaseletters', 'class_mix'],
    ['Correct Horse Alice 9', 'contains_identity'],
    ['Whiterabbit-2024!', 'contains_identity'],
    ['Purple-Mango-4321', 'seq_or_repeat'],
    ['Purple-Mango-zzzz', 'seq_or_repeat'],
  ])('%j -> %s', (password, code) => {
    expect(checkPasswordLocally(password, identity)).toBe(code);
  });

  it('passes a good password (3 of 4 classes are enough)', () => {
    expect(checkPasswordLocally('purple-mango-92-tree', identity)).toBeNull();
    expect(checkPasswordLocally('Purple Mango Tree 7', identity)).toBeNull();
    // Spaces are not symbols (as in Supabase's symbol set), so this has only two classes.
    expect(checkPasswordLocally('Purple Mango Tree', identity)).toBe('class_mix');
  });

  it('lists every broken rule in checking order', () => {
    expect(localPasswordIssues('aaaa', { username: 'aaaa' })).toEqual(['min_length', 'class_mix', 'contains_identity', 'seq_or_repeat']);
  });
});

describe('secure-reset messages', () => {
  it('has a sentence for every code', () => {
    for (const code of SECURE_RESET_CODES) expect(SECURE_RESET_MESSAGES[code]).toMatch(/\.$/);
    expect(SECURE_RESET_MESSAGES.min_length).toBe('Password must be at least 12 characters.');
    expect(SECURE_RESET_MESSAGES.reuse_disallowed).toContain('last 5 passwords');
    expect(SECURE_RESET_ERROR_TITLE).toBe('Password Update Failed');
  });

  it('maps codes, then falls back to the server message, then the generic text', () => {
    expect(secureResetErrorMessage('breached', 'ignored')).toBe(SECURE_RESET_MESSAGES.breached);
    expect(secureResetErrorMessage('weird_code', 'Server said no')).toBe('Server said no');
    expect(secureResetErrorMessage(undefined, '  ')).toBe(SECURE_RESET_FALLBACK_MESSAGE);
    expect(secureResetErrorMessage('toString', null)).toBe('Password update failed. Please try again.');
  });
});
