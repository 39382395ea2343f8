import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useDataClient } from '~shared/data/provider.tsx';
import { templateQueries } from '~shared/data/templates/queries.ts';
import { summariseTemplates } from '~shared/rules/template-summary.ts';
import { showErrorToast } from '~shared/ui/toast.ts';
import type { TemplateCardSummary } from './template-folder-cards.tsx';

/**
 * Every template folder with counts and previews. `toastOnError`: the one component of a screen
 * that says 'Failed to load templates.' (the others share the same query and stay quiet).
 */
export function useTemplateTree({ toastOnError = false } = {}) {
  const client = useDataClient();
  const tree = useQuery(templateQueries.tree(client));
  useEffect(() => {
    if (toastOnError && tree.isError) showErrorToast('templates.load', tree.error);
  }, [toastOnError, tree.isError, tree.error]);
  const summaries: TemplateCardSummary[] | undefined = useMemo(
    () => (tree.data ? summariseTemplates(tree.data.categories, tree.data.links) : undefined),
    [tree.data],
  );
  return { tree, summaries };
}
