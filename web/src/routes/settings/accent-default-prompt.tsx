import { useId } from 'react';
import { ACCENT_PRESETS } from '~shared/constants.ts';
import { Button } from '~shared/ui/button.tsx';

/**
 * Asks for a default accent when none was chosen yet (part 2 §2), with the four presets. A card at
 * the top of the page, not a modal: a first visit can read and use the page without answering it.
 */
export function AccentDefaultPrompt({
  open,
  busy,
  onPick,
  onDismiss,
}: {
  open: boolean;
  busy: boolean;
  onPick: (hex: string) => void;
  onDismiss: () => void;
}) {
  const id = useId();
  if (!open) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="grid gap-3 rounded-xl border border-primary/40 bg-card p-4 shadow-sm"
      data-testid="accent-default-prompt"
    >
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Choose a default accent
        </h2>
        <p id={`${id}-text`} className="text-sm text-muted-foreground">
          Pick the colour used for buttons and highlights. You can change it any time.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {ACCENT_PRESETS.map((preset) => (
          <Button key={preset.hex} variant="outline" disabled={busy} onClick={() => onPick(preset.hex)} className="h-auto flex-col py-3">
            <span aria-hidden="true" className="h-8 w-8 rounded-full border border-border" style={{ backgroundColor: preset.hex }} />
            {preset.name}
          </Button>
        ))}
      </div>
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onDismiss} disabled={busy}>
          Not now
        </Button>
      </div>
    </section>
  );
}
