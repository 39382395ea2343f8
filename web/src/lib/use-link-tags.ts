import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useDataClient } from '~shared/data/provider.tsx';
import { tagQueries } from '~shared/data/tags/queries.ts';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * Every link's tag names from two reads for the whole list (the user's tags and the (link, tag)
 * pairs), so 10,000 cards need no query each. `tagsOf` is stable while the tags are unchanged.
 */
export function useLinkTags(userId: string) {
  const client = useDataClient();
  const tags = useQuery(tagQueries.list(client, userId));
  const pairs = useQuery(tagQueries.pairs(client, userId));
  const byLink = useMemo(() => {
    const map = new Map<string, string[]>();
    if (!tags.data || !pairs.data) return map;
    const names = new Map(tags.data.map((t) => [t.id, t.name]));
    for (const { link_id, tag_id } of pairs.data) {
      const name = names.get(tag_id);
      if (!name) continue;
      const list = map.get(link_id);
      if (list) list.push(name);
      else map.set(link_id, [name]);
    }
    for (const list of map.values()) list.sort(collator.compare);
    return map;
  }, [tags.data, pairs.data]);
  const tagsOf = useCallback((linkId: string) => byLink.get(linkId), [byLink]);
  return { tagsOf, byLink, tags: tags.data };
}
