import type { ComponentProps } from 'react';
import { CONTROL_CLASS } from './field-classes.ts';

/** A text-like input (text, email, url) with the shared control look. FormField passes id and aria attributes; a ref reaches the input. */
export function TextInput(props: ComponentProps<'input'>) {
  return <input {...props} className={CONTROL_CLASS} />;
}
