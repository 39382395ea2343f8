import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { USERNAME_CHECK_DEBOUNCE_MS } from '~shared/constants.ts';
import { profileQueries } from '~shared/data/profiles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { isWellFormedUsername } from '~shared/rules/username.ts';

/** part 2 §4: unknown / available / taken, plus 'checking' while the 500 ms debounce or the call runs. */
export type UsernameAvailability = 'unknown' | 'checking' | 'available' | 'taken';

/** Checks a typed username 500 ms after typing stops; one's own current name is 'unknown' (nothing to change). */
export function useUsernameAvailability(typed: string, current: string | null | undefined): UsernameAvailability {
  const client = useDataClient();
  const trimmed = typed.trim();
  const [debounced, setDebounced] = useState(trimmed);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(trimmed), USERNAME_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);
  const valid = isWellFormedUsername(debounced);
  const isCurrent = !!current && current.toLowerCase() === debounced.toLowerCase();
  const check = useQuery({ ...profileQueries.usernameAvailable(client, debounced), enabled: valid && !isCurrent });
  if (!isWellFormedUsername(trimmed) || (!!current && current.toLowerCase() === trimmed.toLowerCase())) return 'unknown';
  if (debounced !== trimmed || check.isFetching || check.isPending) return 'checking';
  if (check.isError) return 'unknown';
  return check.data ? 'available' : 'taken';
}
