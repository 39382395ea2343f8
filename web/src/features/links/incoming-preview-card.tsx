import type { IncomingShare } from '~shared/data/incoming/api.ts';
import { formatDisplayDate } from '~shared/rules/date-format.ts';
import { safeHref } from '~shared/rules/url.ts';
import { LinkIcon } from '~shared/ui/LinkIcon.tsx';

/** A received link in the Incoming preview: who sent it, when, and the link (opens in a new tab). */
export function IncomingPreviewCard({ share }: { share: IncomingShare }) {
  const href = safeHref(share.url);
  return (
    <article
      aria-label={share.title}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <LinkIcon iconUrl={share.icon_url} url={share.url} title={share.title} />
        <div className="min-w-0 flex-1">
          <h4 className="truncate text-sm font-semibold" title={share.title}>
            {share.title}
          </h4>
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="block truncate text-xs text-primary hover:underline">
              {share.url}
            </a>
          ) : (
            <span className="block truncate text-xs text-muted-foreground">{share.url}</span>
          )}
        </div>
      </div>
      <p className="truncate text-xs text-muted-foreground">
        From {share.sender_name} · {formatDisplayDate(share.shared_at)}
      </p>
    </article>
  );
}
