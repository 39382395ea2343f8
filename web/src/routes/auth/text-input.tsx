import type { InputHTMLAttributes } from 'react';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={CONTROL_CLASS} />;
}
