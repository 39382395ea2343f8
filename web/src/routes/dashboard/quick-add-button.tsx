import { PlusIcon } from '~shared/ui/icons.tsx';

/**
 * The floating quick-save button (part 2 §2): jumps to the Add New Link card. Below the lg
 * breakpoint only: on wide screens the card sits beside the grid and the button would cover it.
 */
export function QuickAddButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Quick add link"
      title="Add a link"
      className="fixed right-4 bottom-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-primary/30 transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/50 sm:right-6 sm:bottom-6 lg:hidden"
    >
      <PlusIcon size={24} strokeWidth={2.4} />
    </button>
  );
}
