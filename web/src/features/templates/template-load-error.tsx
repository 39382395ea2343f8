import { FOLDER_MESSAGES } from '~shared/messages.ts';
import { Button } from '~shared/ui/button.tsx';

export function TemplateLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-3 text-sm"
      data-testid="templates-load-error"
    >
      <p>{FOLDER_MESSAGES.loadTemplateCategoriesFailed}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
