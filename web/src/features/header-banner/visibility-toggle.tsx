import { cn } from '~shared/ui/cn.ts';
import { EyeIcon, EyeOffIcon } from '~shared/ui/icons.tsx';
import { masked } from './banner-identity.ts';

interface VisibilityToggleProps {
  /** 'name' or 'email', for the accessible label. */
  what: string;
  visible: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** The eye button beside the name or e-mail in the banner. */
function VisibilityToggle({ what, visible, busy, onToggle }: VisibilityToggleProps) {
  const label = visible ? `Hide ${what}` : `Show ${what}`;
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={busy}
      aria-label={label}
      title={label}
      aria-pressed={!visible}
      className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-white/80 transition-colors hover:bg-white/15 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/70 disabled:opacity-50"
    >
      {visible ? <EyeIcon size={16} /> : <EyeOffIcon size={16} />}
    </button>
  );
}

interface HideableLineProps {
  field: 'Name' | 'Email';
  text: string;
  visible: boolean;
  busy: boolean;
  onToggle: () => void;
  className: string;
  testId: string;
}

/** The name or the e-mail in the banner with its eye toggle; hidden, it shows masked. */
export function HideableLine({ field, text, visible, busy, onToggle, className, testId }: HideableLineProps) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <p className={cn('truncate', className)} data-testid={testId}>
        {visible ? text : <span aria-label={`${field} hidden`}>{masked(text)}</span>}
      </p>
      <VisibilityToggle what={field.toLowerCase()} visible={visible} busy={busy} onToggle={onToggle} />
    </div>
  );
}
