import { describe, expect, it } from 'vitest';
import { authTabFromSearch, authTabPath } from '../../shared/rules/auth-tab.ts';

describe('the /auth tab from the URL', () => {
  it("opens Sign Up for the extension's 'Create an account', the reset tab for 'Forgot password?', else Sign In", () => {
    expect(authTabFromSearch('?tab=signup')).toBe('signup');
    expect(authTabFromSearch('?redirect=%2Fdashboard&tab=reset')).toBe('reset');
    expect(authTabFromSearch('')).toBe('signin');
    expect(authTabFromSearch('?tab=admin')).toBe('signin');
    expect(authTabPath('signup')).toBe('/auth?tab=signup');
    expect(authTabPath('signin')).toBe('/auth');
    expect(authTabFromSearch(authTabPath('reset').slice('/auth'.length))).toBe('reset');
  });
});
