import { Button } from '~shared/ui/button.tsx';
import { Link } from 'react-router-dom';
import { ExternalLinkIcon, ImageIcon, PencilIcon, ShareIcon, UsersIcon } from '~shared/ui/icons.tsx';
import { useRovingToolbar } from '~shared/ui/use-roving-toolbar.ts';
import { PhoneActionsMenu } from '../../components/phone-actions-menu.tsx';
import { RefreshPreviewsButton, useRefreshPreviews } from '../../components/refresh-previews-button.tsx';
import { PublicPageButtons, usePublicPage } from './public-page-buttons.tsx';

/**
 * The page's title row with its buttons (public page, studio, sharing, import, background, previews).
 * Phones: the buttons and the username line are one 'More' menu beside the title, so the first
 * screen shows links.
 */
export function DashboardHeading({
  onChangeBackground,
  userId,
  linkIds,
}: {
  onChangeBackground: () => void;
  userId: string;
  linkIds?: readonly string[];
}) {
  const toolbar = useRovingToolbar<HTMLDivElement>();
  const refresh = useRefreshPreviews(linkIds, 'collection');
  const publicPage = usePublicPage(userId);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="hidden text-sm text-muted-foreground sm:block">Save, organise and share your favourite links.</p>
      </div>
      <PhoneActionsMenu
        label="More dashboard actions"
        entries={[
          { kind: 'action', label: 'View Public Page', onSelect: publicPage.open, icon: <ExternalLinkIcon size={16} /> },
          { kind: 'link', label: 'Profile Studio', to: '/studio', icon: <PencilIcon size={16} /> },
          { kind: 'link', label: 'Social Sharing', to: '/settings/social-sharing', icon: <ShareIcon size={16} /> },
          { kind: 'link', label: 'Tags', to: '/tags' },
          { kind: 'link', label: 'Import & export', to: '/settings/data' },
          { kind: 'action', label: 'Dashboard background', onSelect: onChangeBackground, icon: <ImageIcon size={16} /> },
          { kind: 'action', label: refresh.label, onSelect: refresh.run, disabled: refresh.disabled },
          ...(publicPage.username
            ? [
                { kind: 'label' as const, label: `Your username: @${publicPage.username}` },
                { kind: 'link' as const, label: 'Change username', to: '/settings/profile/name-email', icon: <UsersIcon size={16} /> },
              ]
            : []),
        ]}
      />
      {/* One tab stop (arrow keys move), so the add form and the links are a few Tab presses away. Phones: the menu above. */}
      <div role="toolbar" aria-label="Dashboard actions" className="hidden flex-wrap items-center gap-2 sm:flex" {...toolbar}>
        <PublicPageButtons userId={userId} />
        <Link
          to="/tags"
          className="inline-flex h-8 items-center justify-center rounded-md border border-input bg-card/80 px-3 text-xs font-medium whitespace-nowrap backdrop-blur transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Tags
        </Link>
        <Link
          to="/settings/data"
          className="inline-flex h-8 items-center justify-center rounded-md border border-input bg-card/80 px-3 text-xs font-medium whitespace-nowrap backdrop-blur transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Import &amp; export
        </Link>
        <Button variant="outline" size="sm" onClick={onChangeBackground} className="bg-card/80 backdrop-blur">
          <ImageIcon size={16} />
          Dashboard background
        </Button>
        <RefreshPreviewsButton refresh={refresh} />
      </div>
    </div>
  );
}
