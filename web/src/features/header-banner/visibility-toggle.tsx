import { EyeIcon, EyeOffIcon } from '../../components/icons.tsx';

interface VisibilityToggleProps {
  /** 'name' or 'email', for the accessible label. */
  what: string;
  visible: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** The eye button beside the name or e-mail in the banner. */
export function VisibilityToggle({ what, visible, busy, onToggle }: VisibilityToggleProps) {
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
