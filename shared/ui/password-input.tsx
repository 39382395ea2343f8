import { useState, type InputHTMLAttributes } from 'react';
import { CONTROL_CLASS } from './field-classes.ts';
import { EyeIcon, EyeOffIcon } from './icons/public-icons.tsx';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Size of the show/hide eye in px (the popup's denser layout uses a smaller one). */
  iconSize?: number;
}

/** A password field with a show/hide toggle. FormField passes id and aria attributes through. */
export function PasswordInput({ iconSize = 18, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`${CONTROL_CLASS} pr-10`} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
      >
        {visible ? <EyeOffIcon size={iconSize} /> : <EyeIcon size={iconSize} />}
      </button>
    </div>
  );
}
