import { useEffect, useState } from 'react';
import { KEYBOARD_SHORTCUTS, shortcutFor } from '~shared/rules/keyboard-shortcuts.ts';
import { Dialog } from '~shared/ui/dialog.tsx';

/**
 * `/` focuses the search, `n` opens the add form, `?` lists the shortcuts. Returns the help dialog
 * to render.
 */
export function useDashboardShortcuts(actions: { focusSearch: () => void; newLink: () => void }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const { focusSearch, newLink } = actions;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const dialogOpen =
        document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [role="menu"]') !== null;
      const action = shortcutFor(
        {
          ...event,
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          defaultPrevented: event.defaultPrevented,
          target: event.target as HTMLElement | null,
        },
        dialogOpen,
      );
      if (!action) return;
      event.preventDefault();
      if (action === 'focus-search') focusSearch();
      else if (action === 'new-link') newLink();
      else setHelpOpen(true);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [focusSearch, newLink]);

  const help = (
    <Dialog open={helpOpen} onOpenChange={setHelpOpen} title="Keyboard shortcuts">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm" data-testid="shortcuts-list">
        {KEYBOARD_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className="contents">
            <dt>
              <kbd className="rounded border border-border bg-muted px-2 py-0.5 font-mono text-xs">{shortcut.key}</kbd>
            </dt>
            <dd className="text-muted-foreground">{shortcut.description}</dd>
          </div>
        ))}
        <div className="contents">
          <dt>
            <kbd className="rounded border border-border bg-muted px-2 py-0.5 font-mono text-xs">← →</kbd>
          </dt>
          <dd className="text-muted-foreground">Inside a link card: move between its actions and the reorder buttons</dd>
        </div>
      </dl>
    </Dialog>
  );
  return help;
}
