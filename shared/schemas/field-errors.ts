import type { ZodType } from 'zod';

/** One message per field, as the forms show them under their controls. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** Validates `values` with `schema` and keeps the first message of each top-level field. */
export function fieldErrors<T extends object>(schema: ZodType, values: T): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<T> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
