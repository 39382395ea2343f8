import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors } from '../schemas/field-errors.ts';

export interface ValidatedFormOptions<T, M> {
  initialValues: T;
  /**
   * Loads what validation needs, typically a lazily imported chunk with the zod schemas, so they stay
   * out of the first load. The caller caches the promise (it is called on every validation).
   */
  load: () => Promise<M>;
  /** The field errors of `values`, from what `load` resolved to ({} = valid). */
  validate: (loaded: M, values: T) => FieldErrors<T>;
  /** Starts `load` when a bound field gets focus, so a submit finds the chunk ready. */
  preloadOnFocus?: boolean;
}

/** The props `bind(name)` spreads onto an input or a select. */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  onFocus?: () => void;
}

export interface ValidatedForm<T> {
  values: T;
  errors: FieldErrors<T>;
  /** True while a submit is validating or running its handler. */
  busy: boolean;
  bind: (name: keyof T & string) => FieldBinding;
  setValue: (name: keyof T, value: string) => void;
  /** An onSubmit handler: validates, then runs `onValid` with the values; busy until it settles. */
  handleSubmit: (onValid: (values: T) => Promise<void>) => (event: FormEvent) => Promise<void>;
  /** New values, no errors, and back to validating on submit only. */
  reset: (values: T) => void;
}

/**
 * Form state that behaves like the dashboard's forms: validates on submit, then again on every
 * change, and is busy while submitting. Validation is async (the schemas load lazily); a sequence
 * number drops results that a later keystroke has made stale.
 */
export function useValidatedForm<T extends { [K in keyof T]: string }, M>(options: ValidatedFormOptions<T, M>): ValidatedForm<T> {
  const { initialValues, preloadOnFocus = false } = options;
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [busy, setBusy] = useState(false);
  const submitted = useRef(false);
  const sequence = useRef(0);
  const latest = useRef(values);
  latest.current = values;
  // Callers pass inline functions; the latest ones are used without re-creating the callbacks.
  const current = useRef(options);
  current.current = options;

  const runValidation = useCallback(async (next: T) => {
    const run = ++sequence.current;
    const { load, validate } = current.current;
    const found = validate(await load(), next);
    if (run === sequence.current) setErrors(found);
    return found;
  }, []);

  const setValue = useCallback(
    (name: keyof T, value: string) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValues(next);
      if (submitted.current) void runValidation(next);
    },
    [runValidation],
  );

  const bind = (name: keyof T & string): FieldBinding => ({
    name,
    value: values[name],
    onChange: (event) => setValue(name, event.target.value),
    ...(preloadOnFocus ? { onFocus: () => void current.current.load() } : {}),
  });

  const handleSubmit = (onValid: (values: T) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    submitted.current = true;
    setBusy(true);
    try {
      const submittedValues = latest.current;
      const found = await runValidation(submittedValues);
      if (Object.keys(found).length > 0) return;
      await onValid(submittedValues);
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
