import { describe, expect, it } from 'vitest';
import { FOLDER_INVITE_MESSAGES, folderInviteSchema } from '../../shared/schemas/folder-invite.ts';

const firstMessage = (input: unknown) => {
  const r = folderInviteSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('folderInviteSchema (the Share Folder invitation)', () => {
  it('reads a username with or without @, and an e-mail address, lower-cased as the server reads them', () => {
    expect(folderInviteSchema.parse({ recipient: ' @Fred_1 ', role: 'editor' })).toEqual({ recipient: 'fred_1', role: 'editor' });
    expect(folderInviteSchema.parse({ recipient: 'Ann@Example.COM', role: 'viewer' })).toEqual({
      recipient: 'ann@example.com',
      role: 'viewer',
    });
  });

  it('answers every mistake with a readable message', () => {
    expect(firstMessage({ recipient: '  ', role: 'viewer' })).toBe(FOLDER_INVITE_MESSAGES.required);
    expect(firstMessage({ recipient: 'ann@example', role: 'viewer' })).toBe(FOLDER_INVITE_MESSAGES.invalidEmail);
    expect(firstMessage({ recipient: 'a b', role: 'viewer' })).toBe(FOLDER_INVITE_MESSAGES.invalidUsername);
    expect(firstMessage({ recipient: 'fred', role: 'owner' })).toBe(FOLDER_INVITE_MESSAGES.role);
  });
});
