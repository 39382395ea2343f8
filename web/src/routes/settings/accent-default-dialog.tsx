import { ACCENT_PRESETS } from '~shared/constants.ts';
import { Button } from '~shared/ui/Button.tsx';
import { Dialog } from '~shared/ui/Dialog.tsx';

/** Asks for a default accent when none was chosen yet (part 2 §2), with the four presets. */
export function AccentDefaultDialog({
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
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onDismiss()}
      title="Choose a default accent"
      description="Pick the colour used for buttons and highlights. You can change it any time."
    >
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {ACCENT_PRESETS.map((preset) => (
          <Button key={preset.hex} variant="outline" disabled={busy} onClick={() => onPick(preset.hex)} className="h-auto flex-col py-3">
            <span aria-hidden="true" className="h-8 w-8 rounded-full border border-border" style={{ backgroundColor: preset.hex }} />
            {preset.name}
          </Button>
        ))}
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" onClick={onDismiss} disabled={busy}>
          Not now
        </Button>
      </div>
    </Dialog>
  );
}
