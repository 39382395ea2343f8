import type { Queryable } from '../db/index.ts';
import type { StackConfig } from '../config.ts';
import { newEmailOtp, SENT_AT_COLUMN, TOKEN_COLUMN, type EmailLinkType, type EmailOtp } from './otp.ts';
import { createFlowState, type PkceParams } from './pkce.ts';
import { nowIso } from './users.ts';

export interface IssuedLink {
  actionLink: string;
  otp: string;
  linkToken: string;
  redirectTo: string;
  /** A secure e-mail change's second link, for the current address. */
  current?: { actionLink: string; otp: string; linkToken: string };
}

/**
 * Stores a fresh token of `type` on the user (replacing any earlier one: only the newest link works)
 * and builds the link GoTrue e-mails: {publicUrl}/auth/v1/verify?token=...&type=...&redirect_to=...
 * With PKCE the token carries GoTrue's `pkce_` prefix and a flow state waits for the code exchange.
 */
export async function issueEmailLink(
  tx: Queryable,
  config: StackConfig,
  opts: {
    userId: string;
    email: string;
    type: EmailLinkType;
    redirectTo: string;
    pkce?: PkceParams;
    newEmail?: string;
    /** E-mail change: also a link for the current address, and both must be followed (GoTrue's secure change). */
    confirmCurrent?: boolean;
  },
): Promise<IssuedLink> {
  const now = nowIso(config.now);
  // The OTP for an e-mail change is bound to the new address, as GoTrue does.
  const otp = newEmailOtp(opts.newEmail ?? opts.email);
  const tokenCol = TOKEN_COLUMN[opts.type];
  const sentCol = SENT_AT_COLUMN[opts.type];
  let current: EmailOtp | undefined;
  if (opts.type === 'email_change') {
    // The current address's OTP is bound to that address; a new request replaces both tokens.
    current = opts.confirmCurrent ? newEmailOtp(opts.email) : undefined;
    await tx.query(
      `update auth.users set email_change_token_new = $2, email_change = $3, email_change_sent_at = $4, updated_at = $4,
         email_change_token_current = $5, email_change_confirm_status = 0 where id = $1`,
      [opts.userId, otp.stored, opts.newEmail, now, current?.stored ?? ''],
    );
  } else {
    await tx.query(`update auth.users set ${tokenCol} = $2, ${sentCol} = $3, updated_at = $3 where id = $1`, [
      opts.userId,
      otp.stored,
      now,
    ]);
  }
  const prefix = opts.pkce ? 'pkce_' : '';
  if (opts.pkce) await createFlowState(tx, opts.pkce, { userId: opts.userId, providerType: 'email', authMethod: opts.type, now });
  const actionLink = (token: string) =>
    `${config.publicUrl}/auth/v1/verify?${new URLSearchParams({ token, type: opts.type, redirect_to: opts.redirectTo }).toString()}`;
  const linkToken = prefix + otp.linkToken;
  return {
    actionLink: actionLink(linkToken),
    otp: otp.otp,
    linkToken,
    redirectTo: opts.redirectTo,
    current: current && {
      actionLink: actionLink(prefix + current.linkToken),
      otp: current.otp,
      linkToken: prefix + current.linkToken,
    },
  };
}
