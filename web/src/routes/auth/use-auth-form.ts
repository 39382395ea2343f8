import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors } from './auth-actions.ts';
import { loadAuthActions } from './load-auth-actions.ts';

type Validator<T> = (actions: Awaited<ReturnType<typeof loadAuthActions>>, values: T) => FieldErrors<T>;

interface AuthFormOptions<T> {
  initialValues: T;
  validate: Validator<T>;
  /** Runs with valid values; the form is busy until it settles. */
  onSubmit: (values: T) => Promise<void>;
}

/**
 * Form state for the /auth forms: validates on submit, then again on every change (part 1 §5),
 * and is busy while submitting. The schemas arrive with the auth chunk, so validation is async;
 * a sequence number drops results that a later keystroke has made stale.
 */
export function useAuthForm<T extends { [K in keyof T]: string }>({ initialValues, validate, onSubmit }: AuthFormOptions<T>) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [busy, setBusy] = useState(false);
  const submitted = useRef(false);
  const sequence = useRef(0);
  const latest = useRef(values);
  latest.current = values;

  const runValidation = useCallback(
    async (next: T) => {
      const run = ++sequence.current;
      const actions = await loadAuthActions();
      const found = validate(actions, next);
      if (run === sequence.current) setErrors(found);
      return found;
    },
    [validate],
  );

  const setValue = useCallback(
    (name: keyof T, value: string) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValues(next);
      if (submitted.current) void runValidation(next);
    },
    [runValidation],
  );

  const bind = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
    // The first touch starts downloading the auth chunk, so submitting feels instant.
    onFocus: () => void loadAuthActions(),
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    submitted.current = true;
    setBusy(true);
    try {
      const found = await runValidation(values);
      if (Object.keys(found).length > 0) return;
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
  };

  const reset = useCallback((next: T) => {
    submitted.current = false;
    sequence.current++;
    latest.current = next;
    setValues(next);
    setErrors({});
  }, []);

  return { values, errors, busy, bind, setValue, handleSubmit, reset };
}
