import type { BackgroundScope } from '~shared/data/backgrounds/keys.ts';
import { Dialog } from '~shared/ui/dialog.tsx';
import { backgroundDialogTitle } from './background-scope.ts';
import { BackgroundManager } from './background-manager.tsx';

interface BackgroundDialogProps {
  userId: string;
  /** The scope being changed; null = closed. */
  scope: BackgroundScope | null;
  onClose: () => void;
}

/**
 * 'Change … Background' (part 1 §2): upload any image up to 5MB, pick one of the user's
 * backgrounds (or an admin's default), delete the user's own.
 */
export function BackgroundDialog({ userId, scope, onClose }: BackgroundDialogProps) {
  return (
    <Dialog
      open={scope !== null}
      onOpenChange={(open) => !open && onClose()}
      title={scope ? backgroundDialogTitle(scope) : ''}
      className="sm:max-w-2xl"
    >
      {scope ? <BackgroundManager userId={userId} scope={scope} /> : null}
    </Dialog>
  );
}
