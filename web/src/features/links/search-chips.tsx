import { memo, useMemo } from 'react';
import { searchChips } from '~shared/rules/search-chips.ts';
import { parseSearchQuery, printSearchQuery } from '~shared/rules/search-query.ts';

interface SearchChipsProps {
  text: string;
  /** The box's new text with a filter removed. */
  onChange: (text: string) => void;
}

/** The filters the box's text parsed into (tag:, folder:, site:, …), each removable by click or key. */
export const SearchChips = memo(function SearchChips({ text, onChange }: SearchChipsProps) {
  const chips = useMemo(() => searchChips(parseSearchQuery(text)), [text]);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Search filters" className="flex flex-wrap gap-1.5" data-testid="search-chips">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => onChange(printSearchQuery(chip.without))}
            onKeyDown={(event) => {
              if (event.key !== 'Backspace' && event.key !== 'Delete') return;
              event.preventDefault();
              onChange(printSearchQuery(chip.without));
            }}
            aria-label={`Remove filter ${chip.label}`}
            title="Remove this filter"
            className="inline-flex max-w-64 items-center gap-1 rounded-full border border-primary/30 bg-primary/10 py-0.5 pr-1.5 pl-2.5 text-xs font-medium text-foreground hover:border-primary/60 hover:bg-primary/15 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            data-testid="search-chip"
          >
            <span className="truncate">{chip.label}</span>
            <span aria-hidden="true" className="text-muted-foreground">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
});
