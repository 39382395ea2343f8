import { PlusIcon } from '~shared/ui/icons.tsx';

/**
 * The quick-save button (part 2 §2) on narrow screens: it opens the add form as a sheet. It sits in
 * an opaque bottom bar rather than floating over the grid, so it never covers a card's controls
 * (the page is padded by the bar's height; on wide screens the form is beside the grid).
 */
export function QuickAddButton({ onClick }: { onClick: () => void }) {
  return (
    <div
      data-testid="quick-add-bar"
      className="fixed inset-x-0 bottom-0 z-40 flex h-[calc(4.5rem+env(safe-area-inset-bottom))] items-start justify-end border-t border-border bg-background/95 px-4 pt-2 backdrop-blur sm:px-6"
    >
      <button
        type="button"
        onClick={onClick}
        aria-label="Quick add link"
        title="Add a link"
        className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-primary/30 transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/50"
      >
        <PlusIcon size={24} strokeWidth={2.4} />
      </button>
    </div>
  );
}
