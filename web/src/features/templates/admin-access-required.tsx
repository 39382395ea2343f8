import { TEMPLATE_MESSAGES } from '~shared/messages.ts';
import { ShieldIcon } from '~shared/ui/icons.tsx';

/** What a non-admin sees in place of an admin card (part 2 §2), with the way to become one locally. */
export function AdminAccessRequired({ card }: { card: string }) {
  return (
    <div className="grid gap-2 rounded-lg border border-dashed border-border bg-muted/40 p-4 text-sm" data-testid="admin-access-required">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldIcon size={16} className="text-muted-foreground" />
        {TEMPLATE_MESSAGES.adminAccessRequired}
      </p>
      <p className="text-muted-foreground">The {card} is for admins only.</p>
      <p className="text-xs text-muted-foreground">
        Local stack: make an account an admin with{' '}
        <code className="rounded bg-muted px-1 py-0.5">npm run admin -- grant you@example.com</code>, then reload.
      </p>
    </div>
  );
}
