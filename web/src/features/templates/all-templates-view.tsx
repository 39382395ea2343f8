import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ALL_TEMPLATES_TITLE } from '~shared/constants.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { Button } from '~shared/ui/button.tsx';
import { ViewModeSwitch } from '../../components/view-mode-switch.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { useCopyTemplate } from '../../lib/use-copy-template.ts';
import { useFolderPrefs } from '../../lib/use-folder-prefs.ts';
import { TemplateFolderCards } from './template-folder-cards.tsx';
import { TemplateLoadError } from './template-load-error.tsx';
import { TemplateManagerCard } from './template-manager-card.tsx';
import { useTemplateTree } from './use-template-tree.ts';

const MENU_ITEM =
  'flex cursor-pointer select-none items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

/**
 * The pseudo-folder 'Our Templates' (part 2 §2, /category/all-templates): every template folder,
 * in the folder view's view modes; admins manage them here.
 */
export function AllTemplatesView({ userId }: { userId: string }) {
  useDocumentMeta({ title: pageTitle(ALL_TEMPLATES_TITLE) });
  const client = useDataClient();
  const navigate = useNavigate();
  const isAdmin = useQuery(roleQueries.isAdmin(client, userId)).data === true;
  const { tree, summaries } = useTemplateTree({ toastOnError: true });
  const { copy, pendingId } = useCopyTemplate(userId, 'card');
  const { viewMode, setViewMode } = useFolderPrefs();
  const [customizing, setCustomizing] = useState(false);

  return (
    <div className="relative flex-1" data-testid="all-templates">
      <main className="mx-auto grid w-full max-w-7xl gap-4 px-3 pt-5 pb-24 sm:px-6 sm:pt-6">
        <header className="grid gap-3 rounded-xl border border-border bg-card/95 p-4 shadow-sm">
          <div>
            <Button variant="outline" size="sm" onClick={() => navigate('/dashboard')}>
              Home
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <div className="w-full min-w-0 sm:w-auto sm:flex-1">
              <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight sm:text-2xl">
                {ALL_TEMPLATES_TITLE}
                <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">Curated</span>
              </h1>
              <p className="text-sm text-muted-foreground" data-testid="templates-count">
                {summaries ? `${summaries.length} ${summaries.length === 1 ? 'template' : 'templates'}` : 'Loading…'}
              </p>
            </div>
            <ViewModeSwitch value={viewMode} onChange={setViewMode} />
            {isAdmin ? (
              <DropdownMenu.Root>
                <DropdownMenu.Trigger asChild>
                  <Button variant="outline" size="sm">
                    Customize
                  </Button>
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content
                    align="end"
                    sideOffset={4}
                    className="lv-animate-in z-50 min-w-44 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
                  >
                    <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setCustomizing((on) => !on)}>
                      {customizing ? 'Hide Template Manager' : 'Manage templates'}
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            ) : null}
          </div>
        </header>

        {isAdmin && customizing ? <TemplateManagerCard userId={userId} /> : null}

        {tree.isError && !summaries ? (
          <TemplateLoadError onRetry={() => void tree.refetch()} />
        ) : !summaries ? (
          <div className="h-40 animate-pulse rounded-xl border border-border bg-card/70" aria-busy="true" aria-label="Loading templates" />
        ) : summaries.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border bg-card/80 px-3 py-8 text-center text-sm text-muted-foreground">
            No templates yet.
          </p>
        ) : (
          <div className="rounded-xl border border-border bg-card/95 p-4 shadow-sm">
            <TemplateFolderCards summaries={summaries} viewMode={viewMode} onCopy={(t) => copy(t.id)} copyingId={pendingId} />
          </div>
        )}
      </main>
    </div>
  );
}
