import { describe, expect, it } from 'vitest';
import { DataError, ERROR_ACTIONS, clientError, errorToast, toDataError } from '../../shared/data/errors.ts';

const server = (message: string, code: string | null = null, status: number | null = 400) =>
  new DataError(message, { code, status, source: 'database' });

describe("errorToast (the one place errors become the spec's toast text)", () => {
  it('has an entry for every action and always yields a title', () => {
    for (const action of ERROR_ACTIONS) expect(errorToast(action, new Error('x')).title).toMatch(/\S/);
  });

  it('maps part 1 §8', () => {
    expect(errorToast('auth.signUp', { name: 'AuthApiError', message: 'User already registered', status: 422 }).title).toBe(
      'Account exists',
    );
    expect(errorToast('auth.signUp', new TypeError('Failed to fetch')).description).toBe('An unexpected error occurred. Please try again.');
    expect(errorToast('auth.signUp', { name: 'AuthApiError', message: 'Signups not allowed', status: 422 }).description).toBe(
      'Signups not allowed',
    );
    expect(errorToast('category.save', server('duplicate key value', '23505'))).toEqual({
      title: 'Category exists',
      description: 'A category with this name already exists.',
    });
    expect(errorToast('link.save', server(''))).toEqual({ title: 'Error', description: 'Failed to add link. Please try again.' });
    expect(errorToast('link.save', server('Title is required'))).toEqual({ title: 'Error', description: 'Title is required' });
    expect(errorToast('link.save', clientError('default_category_missing', 'x'))).toEqual({
      title: 'Error',
      description: "Default category 'Recently Saved Links' not found.",
    });
    expect(errorToast('link.share', server('duplicate key value violates unique constraint', '23505')).description).toBe(
      'This link has already been shared with this recipient.',
    );
    expect(errorToast('link.share', clientError('not_authenticated', 'x')).description).toBe('You must be logged in to share links.');
    expect(errorToast('link.moveEnd', server('boom')).description).toBe('Failed to move link to end. Please try again.');
    expect(
      errorToast('auth.updatePassword', new DataError('Password reused', { code: 'reuse_disallowed', source: 'function' })).description,
    ).toBe('You cannot reuse any of your last 5 passwords.');
    expect(errorToast('auth.updatePassword', new DataError('Custom server text', { code: 'other', source: 'function' }))).toEqual({
      title: 'Password Update Failed',
      description: 'Custom server text',
    });
  });

  it('maps part 2 §8 with the server message as description', () => {
    expect(errorToast('blocked.block', server('Already blocked'))).toEqual({ title: 'Could not block', description: 'Already blocked' });
    expect(errorToast('incoming.reject', clientError('rejected_folder_missing', 'x')).description).toBe(
      'REJECTED folder not found. Please contact support.',
    );
    expect(errorToast('incoming.accept', clientError('approved_folder_missing', 'x')).description).toBe(
      'APPROVED folder not found. Please contact support.',
    );
    expect(errorToast('ai.discover', new DataError('You exceeded your current quota', { status: 500, source: 'function' })).title).toBe(
      'OpenAI quota exceeded',
    );
    expect(errorToast('ai.discover', new DataError('Incorrect API key provided', { status: 500, source: 'function' })).title).toBe(
      'OpenAI API key issue',
    );
    expect(errorToast('ai.discover', new DataError('Upstream down', { status: 502, source: 'function' })).title).toBe('AI service error');
    expect(errorToast('ai.discover', clientError('not_authenticated', 'x')).title).toBe('Authentication required');
    expect(errorToast('slug.save', server('dup', '23505'))).toEqual({
      title: 'Name already taken',
      description: 'Please choose another unique name.',
    });
  });

  it('settings: a profile that fails to load, and the e-mail change limits as readable messages', () => {
    expect(errorToast('profile.load', server(''))).toEqual({ title: 'Error', description: 'Failed to load profile information.' });
    const limited = new DataError('Too many codes requested. Please try again in an hour.', {
      code: 'rate_limited',
      status: 429,
      source: 'function',
    });
    expect(errorToast('email.requestCode', limited)).toEqual({
      title: 'Failed to send code',
      description: 'Too many codes requested. Please try again in an hour.',
    });
    const expired = new DataError('This code has expired. Please request a new one.', {
      code: 'code_expired',
      status: 400,
      source: 'function',
    });
    expect(errorToast('email.confirmCode', expired)).toEqual({
      title: 'Verification failed',
      description: 'This code has expired. Please request a new one.',
    });
    const tooMany = new DataError('Too many wrong codes. Please request a new one.', {
      code: 'too_many_attempts',
      status: 429,
      source: 'function',
    });
    expect(errorToast('email.confirmCode', tooMany)).toEqual({
      title: 'Verification failed',
      description: 'Too many wrong codes. Please request a new one.',
    });
  });

  it('normalises supabase-js error objects', () => {
    const pg = toDataError({ message: 'new row violates row-level security policy', code: '42501', details: null, hint: null });
    expect(pg).toMatchObject({ code: '42501', source: 'database', fromServer: true });
    const network = toDataError(new TypeError('fetch failed'));
    expect(network.fromServer).toBe(false);
  });
});
