import { forwardRef, useEffect, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { USERNAME_SUGGESTION_DEBOUNCE_MS, USERNAME_SUGGESTION_LIMIT, USERNAME_SUGGESTION_MIN_CHARS } from '../constants.ts';
import { cn } from './cn.ts';
import { CONTROL_CLASS } from './field-classes.ts';

export interface UsernameSuggestion {
  username: string;
  first_name: string | null;
  last_name: string | null;
}

export interface UsernameComboboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onSelect'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Profiles whose username starts with the prefix (case-insensitive); at most 5 are shown. */
  searchUsernames: (prefix: string) => Promise<readonly UsernameSuggestion[]>;
  /** Tells the parent whether the list is open (the dialog's Escape then closes the list first). */
  onOpenChange?: (open: boolean) => void;
}

const fullName = (s: UsernameSuggestion) => [s.first_name, s.last_name].filter(Boolean).join(' ');

/**
 * A text input with username suggestions (part 1 §2, §9): searched 300 ms after typing stops,
 * from 2 characters, at most 5, shown as @username and first/last name. ARIA 1.2 combobox:
 * arrows move, Enter picks, Escape closes the list.
 */
export const UsernameCombobox = forwardRef<HTMLInputElement, UsernameComboboxProps>(function UsernameCombobox(
  { value, onValueChange, searchUsernames, onOpenChange, className, onKeyDown, onBlur, ...inputProps },
  ref,
) {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<readonly UsernameSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Set when the value changed because a suggestion was picked: no new search for it. */
  const picked = useRef<string | null>(null);
  const latestRequest = useRef(0);
  const search = useRef(searchUsernames);
  search.current = searchUsernames;

  const setListOpen = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  useEffect(() => {
    const prefix = value.trim().replace(/^@/, '');
    if (picked.current === value) return;
    if (Array.from(prefix).length < USERNAME_SUGGESTION_MIN_CHARS) {
      latestRequest.current += 1;
      setSuggestions([]);
      setListOpen(false);
      return;
    }
    const request = ++latestRequest.current;
    const timer = setTimeout(() => {
      search
        .current(prefix)
        .then((found) => {
          if (request !== latestRequest.current) return; // an older answer arriving late
          const shown = found.slice(0, USERNAME_SUGGESTION_LIMIT);
          setSuggestions(shown);
          setActive(-1);
          setListOpen(shown.length > 0);
        })
        .catch(() => {
          if (request === latestRequest.current) setListOpen(false);
        });
    }, USERNAME_SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  function pick(suggestion: UsernameSuggestion) {
    picked.current = suggestion.username;
    onValueChange(suggestion.username);
    setListOpen(false);
    setActive(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (!open || suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]);
    } else if (event.key === 'Escape') {
      setListOpen(false);
    }
  }

  return (
    <div className="relative">
      <input
        ref={ref}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          picked.current = null;
          onValueChange(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        onBlur={(event) => {
          onBlur?.(event);
          // Let a click on an option land before the list goes away.
          setTimeout(() => setListOpen(false), 150);
        }}
        className={cn(CONTROL_CLASS, className)}
        {...inputProps}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Username suggestions"
        hidden={!open}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.username}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
            onMouseEnter={() => setActive(index)}
            className={cn(
              'flex cursor-pointer flex-col rounded px-2 py-1.5 text-sm',
              index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
            )}
          >
            <span className="font-medium">@{suggestion.username}</span>
            {fullName(suggestion) ? <span className="text-xs text-muted-foreground">{fullName(suggestion)}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
});
