import { Link } from 'react-router-dom';
import type { ViewMode } from '~shared/constants.ts';
import type { Category } from '~shared/data/categories/api.ts';
import type { TemplateLinkPreview } from '~shared/data/templates/api.ts';
import { templateCountLine, type TemplateSummary } from '~shared/rules/template-summary.ts';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { CategoryIcon } from '../../components/category-icons/category-icon.tsx';
import { templatePath } from '../../lib/paths.ts';

export type TemplateCardSummary = TemplateSummary<Category, TemplateLinkPreview>;

const GRID: Record<ViewMode, string> = {
  gallery: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
  compact: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4',
  list: 'grid-cols-1',
};

interface TemplateFolderCardsProps {
  summaries: readonly TemplateCardSummary[];
  viewMode: ViewMode;
  onCopy: (template: Category) => void;
  /** The template being copied (its button is disabled meanwhile). */
  copyingId?: string;
  /** Overrides the mode's columns (the dashboard card is half the page wide). */
  gridClassName?: string;
}

/** Template folders with icon, name, link count and link previews, each with Copy (part 2 §2 'Our Templates'). */
export function TemplateFolderCards({ summaries, viewMode, onCopy, copyingId, gridClassName }: TemplateFolderCardsProps) {
  return (
    <ul className={cn('grid gap-3', gridClassName ?? GRID[viewMode])} data-testid="template-folders" data-view-mode={viewMode}>
      {summaries.map(({ template, linkCount, ownCount, previews }) => (
        <li
          key={template.id}
          className={cn(
            'flex min-w-0 gap-3 rounded-lg border border-border bg-background/60 p-3',
            viewMode === 'list' ? 'flex-row items-center' : 'flex-col',
          )}
          data-testid="template-folder"
          data-template-name={template.name}
        >
          <Link
            to={templatePath(template.id)}
            state={{ category: template }}
            className="flex min-w-0 flex-1 items-center gap-3 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <CategoryIcon iconUrl={template.icon_url} size={viewMode === 'compact' ? 'sm' : 'md'} />
            <span className="grid min-w-0">
              <span className="truncate font-medium hover:underline">{template.name}</span>
              <span className="text-xs text-muted-foreground" data-testid="template-count">
                {templateCountLine({ linkCount, ownCount })}
              </span>
            </span>
          </Link>
          {viewMode !== 'compact' && previews.length > 0 ? (
            <ul
              className={cn('grid min-w-0 gap-1 text-xs text-muted-foreground', viewMode === 'list' && 'hidden flex-1 md:grid')}
              aria-label={`Links in ${template.name}`}
            >
              {previews.map((link) => (
                <li key={link.id} className="flex min-w-0 items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="grid h-4 w-4 shrink-0 place-items-center rounded bg-primary/10 text-[9px] font-semibold text-primary"
                  >
                    {(link.title.trim()[0] ?? '?').toUpperCase()}
                  </span>
                  <span className="truncate">{link.title}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            className={cn(viewMode === 'list' ? 'shrink-0' : 'self-start')}
            disabled={copyingId === template.id}
            onClick={() => onCopy(template)}
            aria-label={`Copy ${template.name}`}
          >
            Copy
          </Button>
        </li>
      ))}
    </ul>
  );
}
