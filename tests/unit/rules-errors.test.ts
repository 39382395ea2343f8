import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_EXISTS_TOAST,
  aiErrorToast,
  isAccountExistsError,
  isUniqueViolation,
  messageOr,
  shareErrorMessage,
  signInErrorToast,
  signUpErrorToast,
  toastAsSentence,
} from '../../shared/rules/error-messages.ts';

describe('shareErrorMessage', () => {
  it("turns 'duplicate key' into the already-shared sentence", () => {
    expect(shareErrorMessage('duplicate key value violates unique constraint "shared_links_unique"')).toBe(
      'This link has already been shared with this recipient.',
    );
  });
  it('otherwise shows the server message, or the fallback', () => {
    expect(shareErrorMessage('Recipient not found')).toBe('Recipient not found');
    expect(shareErrorMessage('')).toBe('Failed to share link. Please try again.');
    expect(shareErrorMessage(undefined)).toBe('Failed to share link. Please try again.');
  });
});

describe('sign-in errors', () => {
  it('maps GoTrue texts to the spec sentences', () => {
    expect(toastAsSentence(signInErrorToast('Invalid login credentials'))).toBe(
      'Invalid credentials: Please check your email and password and try again.',
    );
    expect(toastAsSentence(signInErrorToast('Email not confirmed'))).toBe(
      'Email not confirmed: Please check your email and click the confirmation link before signing in.',
    );
  });
  it('shows other server messages', () => {
    expect(signInErrorToast('Too many requests')).toEqual({ title: 'Error', description: 'Too many requests' });
  });
});

describe('sign-up errors', () => {
  it("detects 'Account exists' from either GoTrue wording", () => {
    expect(isAccountExistsError('User already registered')).toBe(true);
    expect(isAccountExistsError('A user with this email address has already been registered')).toBe(true);
    expect(isAccountExistsError('Signup disabled')).toBe(false);
    expect(signUpErrorToast('User already registered')).toBe(ACCOUNT_EXISTS_TOAST);
    expect(ACCOUNT_EXISTS_TOAST.title).toBe('Account exists');
  });
  it('shows other messages, or the unexpected-error sentence', () => {
    expect(signUpErrorToast('Signup disabled').description).toBe('Signup disabled');
    expect(signUpErrorToast(null).description).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('unique violations and fallbacks', () => {
  it('recognises 23505 or a duplicate-key message', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ message: 'duplicate key value' })).toBe(true);
    expect(isUniqueViolation({ code: '42501', message: 'permission denied' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
  it('messageOr prefers a non-blank server message', () => {
    expect(messageOr(' boom ', 'fallback')).toBe('boom');
    expect(messageOr('   ', 'fallback')).toBe('fallback');
  });
});

describe('aiErrorToast', () => {
  it.each([
    [{ notSignedIn: true }, 'Authentication required'],
    [{ status: 500, message: 'You exceeded your current quota' }, 'OpenAI quota exceeded'],
    [{ status: 429, message: 'insufficient_quota' }, 'OpenAI quota exceeded'],
    [{ status: 500, message: 'Incorrect API key provided' }, 'OpenAI API key issue'],
    [{ status: 500, message: 'OPENAI_API_KEY is not set' }, 'OpenAI API key issue'],
    [{ status: 401, message: 'Invalid JWT' }, 'Authentication required'],
    [{ status: 502, message: 'Bad gateway' }, 'AI service error'],
    [{ status: 400 }, 'AI service error'],
    [{ message: 'Network down' }, 'Discovery Failed'],
    [{ status: 200, message: 'No suggestions parsed' }, 'Discovery Failed'],
  ])('%j -> %s', (input, title) => {
    expect(aiErrorToast(input).title).toBe(title);
  });
  it('keeps the server message as the description', () => {
    expect(aiErrorToast({ status: 502, message: 'Bad gateway' }).description).toBe('Bad gateway');
  });
});
