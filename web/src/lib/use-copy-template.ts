import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataClient } from '~shared/data/provider.tsx';
import { templateMutations } from '~shared/data/templates/mutations.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';

/**
 * Copy a template folder into the signed-in user's collection (part 2 §7 copy_template_category).
 * `context`: the dashboard card says 'Failed to copy template.', a template's own view
 * 'Failed to copy template folder and links.' (both part 2 §8).
 */
export function useCopyTemplate(userId: string, context: 'card' | 'folder') {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const copy = useMutation(templateMutations.copy(client, queryClient));
  return {
    pendingId: copy.isPending ? copy.variables?.templateCategoryId : undefined,
    copy: (templateCategoryId: string) =>
      copy.mutate(
        { templateCategoryId, targetUserId: userId },
        {
          onSuccess: ({ name }) => showSuccessToast('Template copied', `"${name}" is now in your folders.`),
          onError: (error) => showErrorToast(context === 'card' ? 'template.copy' : 'template.copyFolder', error),
        },
      ),
  };
}
