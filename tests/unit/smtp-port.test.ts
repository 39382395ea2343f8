// The functions' SMTP port is never 587 by default (blocked for hosted Edge Functions).
import { describe, expect, it } from 'vitest';
import { smtpPortFrom } from '../../supabase/functions/_shared/smtp-port.ts';

describe('SMTP port for Edge Functions', () => {
  it('defaults to 465 with implicit TLS', () => {
    expect(smtpPortFrom(undefined)).toEqual({ port: 465, secure: true });
    expect(smtpPortFrom('')).toEqual({ port: 465, secure: true });
  });
  it('takes an explicit port (STARTTLS or plain below 465 is the provider’s choice)', () => {
    expect(smtpPortFrom('2525')).toEqual({ port: 2525, secure: false });
    expect(smtpPortFrom('465')).toEqual({ port: 465, secure: true });
  });
  it('refuses 25 and 587 with a message naming the block, and nonsense with a message naming SMTP_PORT', () => {
    expect(() => smtpPortFrom('587')).toThrow(/587 is blocked for Supabase Edge Functions: use 465/);
    expect(() => smtpPortFrom('25')).toThrow(/blocked/);
    expect(() => smtpPortFrom('smtp')).toThrow(/SMTP_PORT must be a port number/);
    expect(() => smtpPortFrom('70000')).toThrow(/SMTP_PORT/);
  });
});
