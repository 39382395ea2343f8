import { Link } from 'react-router-dom';
import { ALL_TEMPLATES_CATEGORY_ID, ALL_TEMPLATES_TITLE } from '~shared/constants.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { TemplateFolderCards } from './template-folder-cards.tsx';
import { TemplateLoadError } from './template-load-error.tsx';
import { useCopyTemplate } from '../../lib/use-copy-template.ts';
import { useTemplateTree } from './use-template-tree.ts';

const SHOWN = 4;

/** 'Our Templates' (part 2 §2): a few curated folders with Copy, and View All → /category/all-templates. */
export function OurTemplatesCard({ userId }: { userId: string }) {
  const { tree, summaries } = useTemplateTree({ toastOnError: true });
  const { copy, pendingId } = useCopyTemplate(userId, 'card');
  return (
    <DashboardCard
      id="our-templates"
      title={ALL_TEMPLATES_TITLE}
      badge="Curated"
      actions={
        <Link to={`/category/${ALL_TEMPLATES_CATEGORY_ID}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          View All
        </Link>
      }
    >
      {tree.isError && !summaries ? (
        <TemplateLoadError onRetry={() => void tree.refetch()} />
      ) : !summaries ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading templates">
          {Array.from({ length: 2 }, (_, i) => (
            <div key={i} className="h-28 animate-pulse rounded-lg border border-border bg-muted/40" />
          ))}
        </div>
      ) : summaries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No templates yet.</p>
      ) : (
        <TemplateFolderCards
          summaries={summaries.slice(0, SHOWN)}
          viewMode="gallery"
          gridClassName="grid-cols-1 sm:grid-cols-2"
          onCopy={(t) => copy(t.id)}
          copyingId={pendingId}
        />
      )}
    </DashboardCard>
  );
}
