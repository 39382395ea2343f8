import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorToast } from '~shared/data/errors.ts';
import { profileMutations } from '~shared/data/profiles/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { USERNAME_MESSAGES, usernameProblem } from '~shared/rules/username.ts';
import { Button } from '~shared/ui/button.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { TextInput } from '~shared/ui/text-input.tsx';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { useUsernameAvailability, type UsernameAvailability } from './use-username-availability.ts';

/** Starts loading the schema when the form gets focus, so a submit seldom waits for it. */
const preloadSchemas = () => void import('~shared/schemas/username.ts').catch(() => undefined);

const STATUS_TEXT: Record<UsernameAvailability, string | null> = {
  unknown: null,
  checking: 'Checking availability…',
  available: 'Available',
  taken: USERNAME_MESSAGES.taken,
};

/**
 * Choose or change the username (part 2 §5): validation messages under the field, the
 * availability check 500 ms after typing, submit disabled while checking or when taken.
 * `variant` picks the schema: the name-email page says 'Username required' when empty.
 */
export function UsernameForm({
  userId,
  current,
  variant,
  submitLabel,
  onSaved,
}: {
  userId: string;
  current: string | null | undefined;
  variant: 'card' | 'settings';
  submitLabel: string;
  onSaved?: (username: string) => void;
}) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const save = useMutation(profileMutations.setUsername(client, queryClient, userId));
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | undefined>();
  // The broken rule shows while typing (once something was typed) and the button stays disabled.
  const [typed, setTyped] = useState(false);
  const empty = value.trim() === '';
  const liveError = usernameProblem(value) ?? (typed && empty && variant === 'settings' ? USERNAME_MESSAGES.required : null);
  const availability = useUsernameAvailability(value, current);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) load on the first submit: the form shows on the dashboard's first screen
    // for a user without a username, and zod stays off that first load (docs/first-load.md).
    const schemas = await import('~shared/schemas/username.ts');
    const schema = variant === 'settings' ? schemas.nameEmailUsernameSchema : schemas.usernameSchema;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    // mutateAsync: saving re-renders the parent (the prompt turns into the card, the page re-keys
    // the form), and per-call mutate callbacks do not run once the form has unmounted.
    save.mutateAsync(parsed.data).then(
      (profile) => {
        showSuccessToast('Username set!');
        onSaved?.(profile.username ?? parsed.data);
      },
      (saveError: unknown) => {
        const toast = errorToast('username.save', saveError);
        showToastMessage(toast);
        if (toast.description === USERNAME_MESSAGES.taken) setError(USERNAME_MESSAGES.taken);
      },
    );
  };

  const status = STATUS_TEXT[availability];
  const unchanged = !!current && current.toLowerCase() === value.trim().toLowerCase();
  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={preloadSchemas}
      noValidate
      className="grid max-w-md gap-3"
      data-testid="username-form"
    >
      <FormField
        label="Username"
        error={error ?? liveError ?? undefined}
        hint={
          status ? (
            <span data-testid="username-status" data-state={availability}>
              {status}
            </span>
          ) : undefined
        }
      >
        <TextInput
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setTyped(true);
            if (error) setError(undefined);
          }}
          autoComplete="username"
          spellCheck={false}
          maxLength={40}
          placeholder="your-name"
        />
      </FormField>
      <div>
        <Button
          type="submit"
          disabled={save.isPending || availability === 'checking' || availability === 'taken' || unchanged || empty || liveError !== null}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
