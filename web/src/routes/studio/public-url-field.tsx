import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SLUG_CHECK_DEBOUNCE_MS } from '~shared/constants.ts';
import { isSlugAvailable } from '~shared/data/profiles/api.ts';
import { profileMutations } from '~shared/data/profiles/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { CLIENT_ERROR_CODES, clientError } from '~shared/data/errors.ts';
import { SLUG_MESSAGES } from '~shared/messages.ts';
import { publicUrlNameSchema, sanitizeSlugInput, SLUG_FORMAT_MESSAGE } from '~shared/schemas/public-url-name.ts';
import { SLUG_PATTERN } from '~shared/rules/slug.ts';
import { Button } from '~shared/ui/button.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { cn } from '~shared/ui/cn.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';

/** Part 2 §4 'Slug availability states'. */
export type SlugState = 'unknown' | 'checking' | 'available' | 'taken' | 'current' | 'check-failed';

const STATE_TEXT: Partial<Record<SlugState, string>> = {
  checking: 'Checking…',
  available: SLUG_MESSAGES.available,
  taken: SLUG_MESSAGES.taken,
  current: SLUG_MESSAGES.current,
  'check-failed': SLUG_MESSAGES.checkFailed,
};

/** The public URL name: typed characters outside [A-Za-z0-9_-] are dropped, availability is checked 400 ms after typing. */
export function PublicUrlField({ userId, currentSlug, origin }: { userId: string; currentSlug: string | null; origin: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(currentSlug ?? '');
  /** The answer of the last availability check, for the value it was asked for. */
  const [checked, setChecked] = useState<{ value: string; state: 'available' | 'taken' | 'check-failed' } | null>(null);
  const save = useMutation(profileMutations.setPublicSlug(client, queryClient, userId));

  // A new saved name (or none) starts the field again (state adjusted while rendering).
  const [shownSlug, setShownSlug] = useState(currentSlug);
  if (shownSlug !== currentSlug) {
    setShownSlug(currentSlug);
    setValue(currentSlug ?? '');
    setChecked(null);
  }
  const changeValue = (next: string) => {
    if (next === value) return;
    setValue(next);
    setChecked(null);
  };

  const formatOk = SLUG_PATTERN.test(value);
  const isCurrent = !!currentSlug && value.toLowerCase() === currentSlug.toLowerCase();
  const toCheck = value && formatOk && !isCurrent ? value : null;
  const state: SlugState = !value || !formatOk ? 'unknown' : isCurrent ? 'current' : checked?.value === value ? checked.state : 'checking';
  // Availability is asked for once typing pauses.
  useEffect(() => {
    if (!toCheck) return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      isSlugAvailable(client, toCheck).then(
        (free) => !cancelled && setChecked({ value: toCheck, state: free ? 'available' : 'taken' }),
        () => !cancelled && setChecked({ value: toCheck, state: 'check-failed' }),
      );
    }, SLUG_CHECK_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [toCheck, client]);

  const submit = () => {
    const parsed = publicUrlNameSchema.safeParse(value);
    if (!parsed.success) {
      showErrorToast('slug.save', clientError(CLIENT_ERROR_CODES.invalidInput, parsed.error.issues[0]?.message ?? SLUG_MESSAGES.invalid));
      return;
    }
    save.mutate(
      { slug: parsed.data, currentSlug },
      { onSuccess: () => showSuccessToast(SLUG_MESSAGES.updated), onError: (error) => showErrorToast('slug.save', error) },
    );
  };

  const message = value && !formatOk ? SLUG_FORMAT_MESSAGE : STATE_TEXT[state];
  const bad = (value && !formatOk) || state === 'taken' || state === 'check-failed';
  return (
    <div className="grid gap-1.5">
      <label htmlFor="studio-slug" className="text-sm font-medium">
        Public URL name
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="flex min-w-0 flex-1 items-center rounded-md border border-input bg-background shadow-sm focus-within:ring-2 focus-within:ring-ring">
          <span className="hidden shrink-0 pl-3 text-sm text-muted-foreground sm:inline">{origin.replace(/^https?:\/\//, '')}/</span>
          <input
            id="studio-slug"
            className={cn(CONTROL_CLASS, 'min-w-0 border-0 shadow-none focus-visible:ring-0 sm:pl-0.5')}
            placeholder="your-name"
            value={value}
            onChange={(e) => changeValue(sanitizeSlugInput(e.target.value))}
            aria-describedby="studio-slug-status"
            aria-invalid={bad || undefined}
            autoComplete="off"
            spellCheck={false}
            data-testid="slug-input"
          />
        </div>
        <Button onClick={submit} disabled={save.isPending || state === 'checking'} data-testid="slug-save">
          Update URL
        </Button>
      </div>
      <p
        id="studio-slug-status"
        className={cn(
          'min-h-4 text-xs',
          bad
            ? 'font-medium text-destructive'
            : state === 'available' || state === 'current'
              ? 'text-emerald-600 dark:text-emerald-400'
              : 'text-muted-foreground',
        )}
        aria-live="polite"
        data-testid="slug-status"
        data-state={value && !formatOk ? 'invalid' : state}
      >
        {message ?? SLUG_FORMAT_MESSAGE}
      </p>
    </div>
  );
}
