import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FolderLinkItem } from '~shared/data/links/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { templateMutations } from '~shared/data/templates/mutations.ts';
import { linkSchema } from '~shared/schemas/link.ts';
import { Button } from '~shared/ui/button.tsx';
import { Dialog } from '~shared/ui/dialog.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { DialogField } from '../../components/dialog-field.tsx';

function useLinkMutations() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  return {
    createLink: useMutation(templateMutations.createLink(client, queryClient)),
    updateLink: useMutation(templateMutations.updateLink(client, queryClient)),
  };
}
type LinkMutations = ReturnType<typeof useLinkMutations>;

/** Add or edit one of a template's links (admins): title, URL (http/https only), description. */
export function TemplateLinkDialog({
  open,
  categoryId,
  link,
  onClose,
}: {
  open: boolean;
  categoryId: string;
  link: FolderLinkItem | null;
  onClose: () => void;
}) {
  // In the dialog (always mounted), so a save finishes (toast, close) even once the form is gone.
  const { createLink, updateLink } = useLinkMutations();
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={link ? 'Edit template link' : 'Add link to template'}>
      {open ? (
        <TemplateLinkForm
          key={link?.id ?? 'new'}
          categoryId={categoryId}
          link={link}
          create={createLink}
          update={updateLink}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function TemplateLinkForm({
  categoryId,
  link,
  create,
  update,
  onClose,
}: {
  categoryId: string;
  link: FolderLinkItem | null;
  create: LinkMutations['createLink'];
  update: LinkMutations['updateLink'];
  onClose: () => void;
}) {
  const [values, setValues] = useState({ title: link?.title ?? '', url: link?.url ?? '', description: link?.description ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pending = create.isPending || update.isPending;
  const save = () => {
    const parsed = linkSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    const input = { title: parsed.data.title, url: parsed.data.url, description: parsed.data.description ?? null };
    const onError = (e: unknown) => showErrorToast('link.save', e);
    if (link)
      update.mutate(
        { id: link.id, input },
        { onSuccess: () => (showSuccessToast('Link updated', `Updated "${input.title}"`), onClose()), onError },
      );
    else
      create.mutate(
        { categoryId, input },
        { onSuccess: () => (showSuccessToast('Link Added!', `Added "${input.title}" to the template`), onClose()), onError },
      );
  };
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <DialogField
        label="Title"
        value={values.title}
        onChange={(title) => setValues((v) => ({ ...v, title }))}
        error={errors.title}
        initialFocus
        testId="template-link-title"
      />
      <DialogField
        label="URL"
        value={values.url}
        onChange={(url) => setValues((v) => ({ ...v, url }))}
        error={errors.url}
        testId="template-link-url"
      />
      <DialogField
        label="Description"
        value={values.description}
        onChange={(description) => setValues((v) => ({ ...v, description }))}
        multiline
        testId="template-link-description"
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {link ? 'Save link' : 'Add link'}
        </Button>
      </div>
    </form>
  );
}
