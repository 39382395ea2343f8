import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { PAGE_VISIBILITIES, type PageVisibility } from '~shared/constants.ts';
import { PrivacyInitError } from '~shared/data/privacy/api.ts';
import { privacyMutations } from '~shared/data/privacy/mutations.ts';
import { privacyQueries } from '~shared/data/privacy/queries.ts';
import { profileQueries } from '~shared/data/profiles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { SLUG_MESSAGES } from '~shared/messages.ts';
import { publicPageUrl } from '~shared/rules/public-page.ts';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { ExternalLinkIcon, EyeIcon, PencilIcon } from '~shared/ui/icons.tsx';
import { showErrorToast, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { MembersCard } from './members-card.tsx';

const VISIBILITY_TEXT: Record<PageVisibility, { label: string; hint: string }> = {
  public: { label: 'Public', hint: 'Anyone with the link can see your page once it is published.' },
  exclusive: { label: 'Exclusive', hint: 'Only the members you allow (signed in) can see it.' },
  private: { label: 'Private', hint: 'Only you can see it.' },
};

/** /studio/preview-publish (part 2 §2): preview, open, visibility, publish. */
export function PreviewPublishPage() {
  useDocumentMeta({ title: pageTitle('Preview & Publish'), noindex: true });
  const { session } = useSessionState();
  const userId = session?.user.id ?? '';
  const client = useDataClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const profile = useQuery({ ...profileQueries.detail(client, userId), enabled: !!userId });
  const privacy = useQuery({ ...privacyQueries.detail(client, userId), enabled: !!userId });
  const setVisibility = useMutation(privacyMutations.setVisibility(client, queryClient, userId));
  const setPublished = useMutation(privacyMutations.setPublished(client, queryClient, userId));
  const savedVisibility = privacy.data?.public_page_visibility ?? 'private';
  const published = privacy.data?.public_page_published ?? false;
  const [choice, setChoice] = useState<PageVisibility>(savedVisibility);
  // A new saved visibility becomes the choice (state adjusted while rendering).
  const [choiceFrom, setChoiceFrom] = useState(savedVisibility);
  if (choiceFrom !== savedVisibility) {
    setChoiceFrom(savedVisibility);
    setChoice(savedVisibility);
  }

  if (!session || profile.isPending || privacy.isPending) return <PageFallback />;

  const name = profile.data?.public_page_slug || profile.data?.username || null;
  const open = (path: string | null, missing: string) => {
    if (!path) return showToastMessage({ title: missing, description: 'Set a public URL name in the studio (or a username) first.' });
    window.open(path, '_blank', 'noopener');
  };
  const pageUrl = publicPageUrl(window.location.origin, name);

  const saveVisibility = () =>
    setVisibility.mutate(choice, {
      onSuccess: () => showSuccessToast('Visibility updated'),
      onError: (error) => showErrorToast(error instanceof PrivacyInitError ? 'privacy.initVisibility' : 'privacy.visibility', error),
    });
  const togglePublished = () =>
    setPublished.mutate(!published, {
      onSuccess: (row) => showSuccessToast(row.public_page_published ? 'Published' : 'Unpublished'),
      onError: (error) => showErrorToast(error instanceof PrivacyInitError ? 'privacy.initPublish' : 'privacy.publish', error),
    });

  return (
    <main className="mx-auto grid w-full max-w-3xl gap-5 px-3 pt-5 pb-16 sm:px-6 sm:pt-6" data-testid="preview-publish">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Preview & Publish</h1>
          <p className="text-sm text-muted-foreground">Preview your page, choose who can see it and publish it.</p>
        </div>
        <Button variant="outline" onClick={() => navigate('/studio')}>
          <PencilIcon size={16} /> Back to Studio
        </Button>
      </div>

      <section className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6" aria-labelledby="preview-title">
        <h2 id="preview-title" className="text-lg font-semibold">
          Preview
        </h2>
        <p className="mt-1 text-sm break-all text-muted-foreground" data-testid="public-url">
          {pageUrl ?? 'No public URL yet.'}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => open(name && `/${encodeURIComponent(name)}/preview`, SLUG_MESSAGES.urlRequired)}>
            <EyeIcon size={16} /> Open private preview
          </Button>
          <Button variant="outline" onClick={() => open(pageUrl, SLUG_MESSAGES.usernameRequired)}>
            <ExternalLinkIcon size={16} /> Open public page
          </Button>
        </div>
      </section>

      <section className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6" aria-labelledby="visibility-title">
        <h2 id="visibility-title" className="text-lg font-semibold">
          Visibility
        </h2>
        <div className="mt-3 grid gap-2" role="radiogroup" aria-labelledby="visibility-title">
          {PAGE_VISIBILITIES.map((v) => (
            <label
              key={v}
              className={cn(
                // The radio beside its name and hint (the label's text, one level down).
                'grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-lg border p-3',
                choice === v ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <input
                type="radio"
                name="visibility"
                value={v}
                checked={choice === v}
                onChange={() => setChoice(v)}
                className="row-span-2 mt-1"
              />
              <span className="font-medium">{VISIBILITY_TEXT[v].label}</span>
              <span className="text-sm text-muted-foreground">{VISIBILITY_TEXT[v].hint}</span>
            </label>
          ))}
        </div>
        <Button
          className="mt-4"
          onClick={saveVisibility}
          disabled={setVisibility.isPending || (choice === savedVisibility && !!privacy.data)}
        >
          Save visibility
        </Button>
      </section>

      {savedVisibility === 'exclusive' ? <MembersCard /> : null}

      <section className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6" aria-labelledby="publish-title">
        <h2 id="publish-title" className="text-lg font-semibold">
          Publish
        </h2>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="publish-state">
          {published ? 'Your page is published.' : 'Your page is not published.'}
        </p>
        <Button className="mt-4" variant={published ? 'outline' : 'primary'} onClick={togglePublished} disabled={setPublished.isPending}>
          {published ? 'Unpublish' : 'Publish'}
        </Button>
      </section>
    </main>
  );
}
