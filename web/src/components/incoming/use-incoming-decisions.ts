import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '~shared/data/categories/keys.ts';
import { incomingMutations } from '~shared/data/incoming/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { shareKeys } from '~shared/data/shares/keys.ts';
import type { IncomingItem } from '~shared/ui/incoming-list.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';

const LINK_ACCEPTED = 'Link accepted and added to your collection!';
const LINK_REJECTED = 'Link rejected';

/**
 * Accept (into a chosen folder) and Reject for a received share, with their toasts: the same on the
 * inbox folder, the Incoming page and the dashboard's Incoming previews. Each throws after its error
 * toast, so the row stays for a retry.
 */
export function useIncomingDecisions() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const accept = useMutation(incomingMutations.accept(client, queryClient));
  const reject = useMutation(incomingMutations.reject(client, queryClient));
  // APPROVED/REJECTED counts change with every decision; a share to yourself is also an outgoing one.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoryKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: shareKeys.lists() }),
    ]);

  async function onAccept(item: Pick<IncomingItem, 'shared_link_id'>, destinationCategoryId: string) {
    try {
      await accept.mutateAsync({ sharedLinkId: item.shared_link_id, destinationCategoryId });
    } catch (error) {
      showErrorToast('incoming.accept', error);
      throw error;
    }
    showSuccessToast(LINK_ACCEPTED);
    void refresh();
  }

  async function onReject(item: Pick<IncomingItem, 'shared_link_id'>) {
    try {
      await reject.mutateAsync(item.shared_link_id);
    } catch (error) {
      showErrorToast('incoming.reject', error);
      throw error;
    }
    showSuccessToast(LINK_REJECTED);
    void refresh();
  }

  return { onAccept, onReject };
}
