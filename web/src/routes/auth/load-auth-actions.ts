import type { FieldErrors } from '~shared/schemas/field-errors.ts';
import { useValidatedForm } from '~shared/ui/use-validated-form.ts';
import { loadClient } from '../../lib/load-client.ts';
import type * as AuthActionsModule from './auth-actions.ts';

type AuthActions = typeof AuthActionsModule;

let pending: Promise<AuthActions> | null = null;

/**
 * The forms' code (schemas, error texts) and supabase-js, fetched together on the first interaction
 * with the card (pointer down, focus), so the page itself loads light and a submit finds them ready.
 */
export function loadAuthActions(): Promise<AuthActions> {
  pending ??= Promise.all([import('./auth-actions.ts'), loadClient()]).then(([actions]) => actions);
  return pending;
}

/** The shared validated form, validating with the auth chunk's schemas; focusing a field starts loading it. */
export function useAuthForm<T extends { [K in keyof T]: string }>(
  initialValues: T,
  validate: (actions: AuthActions, values: T) => FieldErrors<T>,
) {
  return useValidatedForm({ initialValues, validate, load: loadAuthActions, preloadOnFocus: true });
}
