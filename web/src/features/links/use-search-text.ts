import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Typing pauses this long before the URL (and so the server search) follows the box. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box's text kept in the URL as `?q=`: reload, back/forward and a shared address keep
 * the search. `text` follows every keystroke (the instant local filter); `committed` is the URL's,
 * written after a pause (the server search). Starting or clearing a search is a history entry,
 * refining one replaces it.
 */
export function useSearchText() {
  const [params, setParams] = useSearchParams();
  const committed = params.get('q') ?? '';
  const [text, setText] = useState(committed);
  // The URL changed from outside (back/forward, a link to a search): the box follows it.
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    setText(committed);
  }

  const commit = useCallback(
    (next: string) => {
      const value = next.trim() ? next : '';
      setParams(
        (current) => {
          const had = current.get('q') ?? '';
          if (value === had) return current;
          if (value) current.set('q', value);
          else current.delete('q');
          return current;
        },
        { replace: committed !== '' && value !== '' },
      );
    },
    [setParams, committed],
  );

  useEffect(() => {
    const value = text.trim() ? text : '';
    if (value === committed) return;
    const timer = setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, committed, commit]);

  /** Sets the box and the URL at once (a chip removed, a tag clicked, 'Clear search'). */
  const setNow = useCallback(
    (next: string) => {
      setText(next);
      commit(next);
    },
    [commit],
  );
  return { text, setText, committed, setNow };
}
