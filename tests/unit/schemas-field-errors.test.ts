import { describe, expect, it } from 'vitest';
import { NEW_CATEGORY_OPTION as CONSTANT_OPTION } from '../../shared/constants.ts';
import { LINK_ADDED_TITLE, linkAddedMessage } from '../../shared/messages.ts';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { linkSchema, NEW_CATEGORY_OPTION } from '../../shared/schemas/link.ts';
import { passwordUpdateSchema } from '../../shared/schemas/password-update.ts';
import { signInSchema } from '../../shared/schemas/sign-in.ts';

describe('fieldErrors', () => {
  it('is empty for valid values', () => {
    expect(fieldErrors(signInSchema, { email: 'ada@example.com', password: 'x' })).toEqual({});
  });

  it('keeps the first message of each field, keyed by the field', () => {
    expect(fieldErrors(signInSchema, { email: 'nope', password: '' })).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
  });

  it('puts a refinement issue on the field its path names', () => {
    expect(fieldErrors(passwordUpdateSchema, { newPassword: 'Analytical#1843', confirmPassword: 'Analytical#1844' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    expect(fieldErrors(linkSchema, { title: 't', url: 'a.com', categoryId: NEW_CATEGORY_OPTION, newCategory: '' })).toEqual({
      newCategory: 'Category name is required',
    });
  });
});

describe('NEW_CATEGORY_OPTION', () => {
  it('lives in constants and the link schema re-exports the same value', () => {
    expect(CONSTANT_OPTION).toBe(NEW_CATEGORY_OPTION);
  });
});

describe('linkAddedMessage', () => {
  it("titles 'Link added' and names the folder when one is given", () => {
    expect(linkAddedMessage('Docs')).toEqual({ title: 'Link added', description: '"Docs" has been saved.' });
    expect(linkAddedMessage('Docs', 'Reading')).toEqual({ title: LINK_ADDED_TITLE, description: '"Docs" is in Reading.' });
  });
});
