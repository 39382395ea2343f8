import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors } from './data.ts';
import { loadData } from './load-data.ts';

type Validator<T> = (data: Awaited<ReturnType<typeof loadData>>, values: T) => FieldErrors<T>;

/**
 * Form state as the dashboard's forms behave: validate on submit, then again on every change,
 * busy while submitting. The schemas come with the data chunk, so validation is async; a
 * sequence number drops results a later keystroke has made stale.
 */
export function usePopupForm<T extends Record<string, string>>(initialValues: T, validate: Validator<T>) {
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
      const found = validate(await loadData(), next);
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
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValue(name, event.target.value),
  });

  /** Validates, then runs `onValid` with the values; the form is busy until it settles. */
  const handleSubmit = (onValid: (values: T) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    submitted.current = true;
    setBusy(true);
    try {
      const found = await runValidation(latest.current);
      if (Object.keys(found).length > 0) return;
      await onValid(latest.current);
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, bind, setValue, handleSubmit };
}
