import { useId, useMemo, useState } from 'react';
import { addTagProblem, normaliseTagName, tagSuggestions, TAGS_PER_LINK_MAX } from '~shared/rules/tags.ts';
import { cn } from '~shared/ui/cn.ts';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';

interface TagInputProps {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** What is typed but not added yet (the form adds it on save). */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** The account's tag names (listTags): suggestions, and the account limit. */
  known: readonly string[];
  /** A message from the form (e.g. the draft was invalid on save). */
  error?: string | null;
}

/**
 * The link form's tags: chips with a remove button, and a text field that adds a tag on Enter or
 * a comma, suggesting the account's tags as you type (combobox: arrows choose, Enter takes).
 */
export function TagInput({ value, onChange, draft, onDraftChange, known, error }: TagInputProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [problem, setProblem] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const suggestions = useMemo(() => tagSuggestions(known, draft, value), [known, draft, value]);
  const showList = open && suggestions.length > 0;
  const message = problem ?? error ?? null;

  /** Adds each comma-separated part that passes the rule; the ones that do not stay typed, with the reason. */
  const commitDraft = (raw: string) => {
    let next = [...value];
    const rest: string[] = [];
    for (const part of raw.split(',')) {
      const name = normaliseTagName(part);
      if (!name) continue;
      // An existing tag keeps its spelling ('react' typed, 'React' stored).
      const existing = known.find((t) => t.toLowerCase() === name.toLowerCase()) ?? name;
      const why = addTagProblem(next, existing, known);
      if (why) {
        setProblem(why);
        rest.push(part);
      } else next = [...next, existing];
    }
    if (next.length !== value.length) onChange(next);
    onDraftChange(rest.join(',').trim());
    setActive(-1);
  };

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        Tags (optional)
      </label>
      <div
        className={cn(
          CONTROL_CLASS,
          'flex min-h-10 flex-wrap items-center gap-1.5 py-1.5 focus-within:ring-2 focus-within:ring-ring',
          message && 'border-destructive',
        )}
      >
        {value.map((tag) => (
          <span
            key={tag}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary/10 py-0.5 pr-1 pl-2 text-xs font-medium text-foreground"
            data-testid="tag-input-chip"
          >
            <span className="truncate">{tag}</span>
            <button
              type="button"
              onClick={() => {
                onChange(value.filter((t) => t !== tag));
                setProblem(null);
              }}
              aria-label={`Remove tag ${tag}`}
              className="rounded-full px-1 text-muted-foreground hover:bg-primary/20 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              ×
            </button>
          </span>
        ))}
        <div className="relative min-w-32 flex-1">
          <input
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            placeholder={value.length ? 'Add another tag' : 'Type a tag and press Enter'}
            value={draft}
            onChange={(event) => {
              const next = event.target.value;
              setProblem(null);
              setOpen(true);
              setActive(-1);
              if (next.includes(',')) commitDraft(next);
              else onDraftChange(next);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && suggestions.length) {
                event.preventDefault();
                setOpen(true);
                setActive((i) => (i + 1) % suggestions.length);
              } else if (event.key === 'ArrowUp' && suggestions.length) {
                event.preventDefault();
                setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
              } else if (event.key === 'Enter') {
                // Enter adds the tag; it never submits the form from here.
                event.preventDefault();
                commitDraft(showList && active >= 0 ? suggestions[active] : draft);
              } else if (event.key === 'Escape' && showList) {
                event.preventDefault();
                event.stopPropagation();
                setOpen(false);
              } else if (event.key === 'Backspace' && draft === '' && value.length) {
                onChange(value.slice(0, -1));
              }
            }}
            className="w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
          {showList ? (
            <ul
              id={listId}
              role="listbox"
              aria-label="Your tags"
              className="absolute top-full left-0 z-50 mt-2 max-h-56 w-full min-w-48 overflow-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
            >
              {suggestions.map((name, i) => (
                <li
                  key={name}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  // Chosen on press, before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    commitDraft(name);
                  }}
                  className={cn('cursor-pointer truncate rounded px-2 py-1.5 text-sm', i === active && 'bg-accent text-accent-foreground')}
                >
                  {name}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Enter or a comma adds a tag; up to {TAGS_PER_LINK_MAX} per link.
      </p>
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
