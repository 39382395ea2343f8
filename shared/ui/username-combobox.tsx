import * as Popover from '@radix-ui/react-popover';
import { forwardRef, useEffect, useEffectEvent, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
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
}

const fullName = (s: UsernameSuggestion) => [s.first_name, s.last_name].filter(Boolean).join(' ');

/**
 * A text input with username suggestions (part 1 §2, §9): searched 300 ms after typing stops,
 * from 2 characters, at most 5, shown as @username and first/last name. ARIA 1.2 combobox:
 * arrows move, Enter picks. The list is a Radix popover anchored to the input: it is portalled (a
 * dialog's scrolling body never clips it), and Radix dismisses it on Escape (before the dialog
 * around it, as the top layer), on a press outside and when focus moves on. Focus stays in the input.
 */
export const UsernameCombobox = forwardRef<HTMLInputElement, UsernameComboboxProps>(function UsernameCombobox(
  { value, onValueChange, searchUsernames, className, onKeyDown, ...inputProps },
  ref,
) {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<readonly UsernameSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latestRequest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const anchor = useRef<HTMLDivElement>(null);

  /** Searches what was typed once typing pauses; a prefix under the minimum closes the list at once. */
  function searchSoon(text: string) {
    clearTimeout(timer.current);
    const prefix = text.trim().replace(/^@/, '');
    if (Array.from(prefix).length < USERNAME_SUGGESTION_MIN_CHARS) {
      latestRequest.current += 1;
      setSuggestions([]);
      setOpen(false);
      return;
    }
    const request = ++latestRequest.current;
    timer.current = setTimeout(() => {
      searchUsernames(prefix)
        .then((found) => {
          if (request !== latestRequest.current) return; // an older answer arriving late
          const shown = found.slice(0, USERNAME_SUGGESTION_LIMIT);
          setSuggestions(shown);
          setActive(-1);
          setOpen(shown.length > 0);
        })
        .catch(() => {
          if (request === latestRequest.current) setOpen(false);
        });
    }, USERNAME_SUGGESTION_DEBOUNCE_MS);
  }

  // A value the field already has when it appears (the method switched to Username) is searched too;
  // a pending search ends with the field.
  const searchInitialValue = useEffectEvent(() => {
    if (value) searchSoon(value);
  });
  useEffect(() => {
    searchInitialValue();
    return () => clearTimeout(timer.current);
  }, []);

  function pick(suggestion: UsernameSuggestion) {
    clearTimeout(timer.current);
    onValueChange(suggestion.username);
    setOpen(false);
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
    }
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div ref={anchor}>
          <input
            ref={ref}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
            value={value}
            onChange={(event) => {
              onValueChange(event.target.value);
              searchSoon(event.target.value);
            }}
            onKeyDown={handleKeyDown}
            className={cn(CONTROL_CLASS, className)}
            {...inputProps}
          />
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          asChild
          id={listId}
          role="listbox"
          aria-label="Username suggestions"
          align="start"
          sideOffset={4}
          // The input keeps focus (and the keyboard) while the list is open, and after it closes.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          // A press in the field itself is not "outside": typing there goes on.
          onInteractOutside={(event) => {
            if (event.target instanceof Node && anchor.current?.contains(event.target)) event.preventDefault();
          }}
          className="z-50 max-h-64 w-(--radix-popover-trigger-width) overflow-y-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          <ul>
            {suggestions.map((suggestion, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- ARIA combobox: the input owns the keyboard (arrows, Enter, Escape); options never take focus
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
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
