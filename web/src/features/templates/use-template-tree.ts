import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useDataClient } from '~shared/data/provider.tsx';
import { templateQueries } from '~shared/data/templates/queries.ts';
import { summariseTemplates } from '~shared/rules/template-summary.ts';
import { showErrorToast } from '~shared/ui/toast.ts';
import type { TemplateCardSummary } from './template-folder-cards.tsx';

/** Every template folder with counts and previews; a failed load toasts 'Failed to load templates.' once. */
export function useTemplateTree() {
  const client = useDataClient();
  const tree = useQuery(templateQueries.tree(client));
  useEffect(() => {
    if (tree.isError) showErrorToast('templates.load', tree.error);
  }, [tree.isError, tree.error]);
  const summaries: TemplateCardSummary[] | undefined = useMemo(
    () => (tree.data ? summariseTemplates(tree.data.categories, tree.data.links) : undefined),
    [tree.data],
  );
  return { tree, summaries };
}
