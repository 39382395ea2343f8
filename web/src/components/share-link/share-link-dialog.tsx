import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LinkCardLink } from '~shared/ui/link-card.tsx';
import { useDataClient } from '~shared/data/provider.tsx';
import { shareMutations } from '~shared/data/shares/mutations.ts';
import { shareQueries } from '~shared/data/shares/queries.ts';
import type { ShareFormInput } from '~shared/schemas/share.ts';
import { ShareDialog } from '~shared/ui/share-dialog.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { PLATFORMS_WITHOUT_PREFILL, shareText, smsShareTarget, socialShareTarget } from './share-targets.ts';
import { linkSharedToast } from './share-toast.ts';

interface ShareLinkDialogProps {
  /** The link to share; null = closed. */
  link: LinkCardLink | null;
  onClose: () => void;
}

/**
 * 'Share Link: {title}' (part 1 §2). Username and e-mail shares go through the share-link function
 * (into the recipient's inbox); phone and social shares are recorded the same way (they count as
 * outgoing shares) and then open the SMS composer or the platform's share page.
 */
export function ShareLinkDialog({ link, onClose }: ShareLinkDialogProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const share = useMutation(shareMutations.share(client, queryClient));

  const searchUsernames = useCallback(
    (prefix: string) => queryClient.fetchQuery(shareQueries.usernameSearch(client, prefix)),
    [client, queryClient],
  );

  async function onShare(form: ShareFormInput) {
    if (!link) return;
    try {
      await share.mutateAsync({ linkId: link.id, form });
    } catch (error) {
      showErrorToast('link.share', error);
      throw error; // keeps the dialog open with what the user typed
    }
    if (form.shareType === 'phone') {
      const target = smsShareTarget(form.recipient, form.message, link.url);
      window.open(target.url, target.target);
    } else if (form.shareType === 'social' && form.socialPlatform) {
      const target = socialShareTarget(form.socialPlatform, form.recipient, form.message, link.url);
      if (PLATFORMS_WITHOUT_PREFILL.has(form.socialPlatform))
        void navigator.clipboard?.writeText(shareText(form.message, link.url)).catch(() => undefined);
      window.open(target.url, target.target, 'noopener');
    }
    const toast = linkSharedToast(link.title, form);
    showSuccessToast(toast.title, toast.description);
  }

  return (
    <ShareDialog
      open={link !== null}
      onOpenChange={(open) => !open && onClose()}
      link={link}
      searchUsernames={searchUsernames}
      onShare={onShare}
    />
  );
}
