import { useEffect, useRef } from 'react';

/**
 * Focuses the element behind the returned ref when it mounts (or when `when` turns true with it),
 * as the autoFocus attribute would, but from an effect: for a field a view opens straight into (the
 * popup's sign-in e-mail) or one that appears because the user asked for it ('New Category Name').
 * Inside a Dialog, mark the field `data-autofocus` instead: the dialog's own focus handling places it.
 */
export function useFocusOnMount<T extends HTMLElement>(when = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}
