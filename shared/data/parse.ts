import type { z } from 'zod';
import { CLIENT_ERROR_CODES, DataError } from './errors.ts';

/**
 * Reads an RPC's answer with its zod schema (shared/schemas): the typed value, or the
 * 'unexpected_response' DataError naming the call, never a cast that lets a wrong shape through.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, value: unknown, call: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DataError(
    `Unexpected answer from the server: ${call}${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'invalid'}.`,
    {
      code: CLIENT_ERROR_CODES.unexpectedResponse,
      source: 'client',
    },
  );
}

/** Checks input with its zod schema: the parsed value, or an 'invalid_input' DataError with the first message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new DataError(parsed.error.issues[0]?.message ?? 'Invalid input', { code: CLIENT_ERROR_CODES.invalidInput, source: 'client' });
}
