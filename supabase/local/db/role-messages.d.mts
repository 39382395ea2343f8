import type { QueryResult } from './index.ts';

export type RoleRequestMessage = unknown[];
export function encodeRoleRequest(
  id: number,
  sid: number,
  sql: string | null,
  forget: boolean,
  prepare: boolean,
  params: unknown[],
  settings: string[],
  pre?: string | null,
): RoleRequestMessage;
export function decodeRoleRequest(m: RoleRequestMessage): {
  id: number;
  sid: number;
  sql: string | null;
  forget: boolean;
  prepare: boolean;
  params: unknown[];
  pre: string | undefined;
  settings: string[];
};

export type RoleAnswer =
  | { id: number; ok: true; result: QueryResult | { rowCount: number; fields: QueryResult['fields']; values: unknown[] } }
  | { id: number; ok: false; error: Record<string, unknown> };
export function encodeReplies(answers: RoleAnswer[]): unknown[];
export function decodeReplies(flat: unknown[], settle: (id: number, ok: boolean, value: unknown) => void): void;
