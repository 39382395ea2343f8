/**
 * accept_incoming_share's and reject_incoming_share's answers (`{outcome, link, ...}` as JSON) and their
 * readers (json-reader.ts); tests/integration/data-rpc-json.test.ts checks them against what the
 * migrated SQL functions return.
 */
import { object, oneOf, string } from '../json-reader.ts';
import { readLinkRow } from '../links/decode.ts';
import type { LinkRow } from '../types.ts';

/** Accept: the same URL in the chosen folder is updated, the same URL elsewhere moved there, else a new link. */
export const ACCEPT_OUTCOMES = ['inserted', 'updated', 'moved'] as const;
export type AcceptOutcome = (typeof ACCEPT_OUTCOMES)[number];

/** Reject: a copy goes to REJECTED, unless that URL is already there. */
export const REJECT_OUTCOMES = ['inserted', 'already_rejected'] as const;
export type RejectOutcome = (typeof REJECT_OUTCOMES)[number];

export interface AcceptShareResult {
  outcome: AcceptOutcome;
  link: LinkRow;
  /** The share accepted (now status 'accepted'). */
  shared_link_id: string;
}

export interface RejectShareResult {
  outcome: RejectOutcome;
  link: LinkRow;
}

const readAccept = object<AcceptShareResult>({ outcome: oneOf(ACCEPT_OUTCOMES), link: readLinkRow, shared_link_id: string });
const readReject = object<RejectShareResult>({ outcome: oneOf(REJECT_OUTCOMES), link: readLinkRow });

export const decodeAcceptShareResult = (value: unknown): AcceptShareResult => readAccept(value, 'accept_incoming_share');
export const decodeRejectShareResult = (value: unknown): RejectShareResult => readReject(value, 'reject_incoming_share');
