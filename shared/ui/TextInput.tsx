import type { InputHTMLAttributes } from 'react';
import { CONTROL_CLASS } from './field-classes.ts';

/** A text-like input (text, email, url) with the shared control look. FormField passes id and aria attributes. */
export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={CONTROL_CLASS} />;
}
