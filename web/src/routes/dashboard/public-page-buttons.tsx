import { useQuery } from '@tanstack/react-query';
import { profileQueries } from '~shared/data/profiles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { SLUG_MESSAGES } from '~shared/messages.ts';
import { publicPageUrl } from '~shared/rules/public-page.ts';
import { Button } from '~shared/ui/button.tsx';
import { ExternalLinkIcon, PencilIcon, ShareIcon } from '~shared/ui/icons.tsx';
import { showToastMessage } from '~shared/ui/toast.ts';
import { Link } from 'react-router-dom';

/** 'View Public Page': opens the public page in a new tab (origin + slug or username), or says a name is needed first. */
export function usePublicPage(userId: string) {
  const client = useDataClient();
  const profile = useQuery(profileQueries.detail(client, userId));
  const url = publicPageUrl(window.location.origin, profile.data?.public_page_slug || profile.data?.username);
  const open = () =>
    url
      ? window.open(url, '_blank', 'noopener')
      : showToastMessage({ title: SLUG_MESSAGES.usernameRequired, description: 'Set a username or a public URL name first.' });
  return { url, open, username: profile.data?.username ?? null };
}

/** Part 2 §2 /dashboard: the public page, Profile Studio, Social Sharing. */
export function PublicPageButtons({ userId }: { userId: string }) {
  const { url, open } = usePublicPage(userId);
  // Looks like Button outline/sm; a real link (middle-click, copy address).
  const chip =
    'inline-flex h-8 items-center justify-center gap-2 rounded-md border border-input bg-card/80 px-3 text-xs font-medium whitespace-nowrap backdrop-blur transition-colors ' +
    'hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';
  return (
    <div className="flex flex-wrap gap-2" data-testid="public-page-buttons">
      <Button variant="outline" size="sm" className="bg-card/80 backdrop-blur" onClick={open} title={url ?? undefined}>
        <ExternalLinkIcon size={16} />
        View Public Page
      </Button>
      <Link to="/studio" className={chip}>
        <PencilIcon size={16} />
        Profile Studio
      </Link>
      <Link to="/settings/social-sharing" className={chip}>
        <ShareIcon size={16} />
        Social Sharing
      </Link>
    </div>
  );
}
