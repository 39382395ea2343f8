import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { templateMutations } from '~shared/data/templates/mutations.ts';
import { templateNameSchema } from '~shared/schemas/template.ts';
import { Button } from '~shared/ui/button.tsx';
import { Dialog } from '~shared/ui/dialog.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { IconPicker } from '../../components/category-icons/icon-picker.tsx';
import { DialogField } from '../../components/dialog-field.tsx';
import { initialIconChoice, type IconChoice } from '../../components/category-icons/icon-choice.ts';

// The mutations live in the dialogs (always mounted), so a save finishes (toast, close) even when the
// form, which mounts with each opening and so starts from the current values, is gone.
function useTemplateMutations() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  return {
    update: useMutation(templateMutations.update(client, queryClient)),
    upload: useMutation(templateMutations.uploadIcon(client, queryClient)),
  };
}
type TemplateMutations = ReturnType<typeof useTemplateMutations>;

/** Rename a template ('Template name is required' when blank, part 2 §5). */
export function RenameTemplateDialog({ template, onClose }: { template: Category | null; onClose: () => void }) {
  const { update } = useTemplateMutations();
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()} title="Rename template">
      {template ? <RenameTemplateForm key={template.id} template={template} update={update} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RenameTemplateForm({
  template,
  update,
  onClose,
}: {
  template: Category;
  update: TemplateMutations['update'];
  onClose: () => void;
}) {
  const [name, setName] = useState(template.name);
  const [error, setError] = useState<string>();
  const save = () => {
    const parsed = templateNameSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    update.mutate(
      { id: template.id, name: parsed.data.name },
      {
        onSuccess: () => {
          showSuccessToast('Template renamed', `Now called "${parsed.data.name}".`);
          onClose();
        },
        onError: (e) => showErrorToast('category.rename', e),
      },
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
      <DialogField label="Template name" value={name} onChange={setName} error={error} initialFocus testId="template-rename-input" />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** A template's icon: upload (category-icons/templates/{id}/…), the icon gallery, or none. */
export function TemplateIconDialog({ template, onClose }: { template: Category | null; onClose: () => void }) {
  const { update, upload } = useTemplateMutations();
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()} title={template ? `Icon of ${template.name}` : 'Icon'}>
      {template ? <TemplateIconForm key={template.id} template={template} update={update} upload={upload} onClose={onClose} /> : null}
    </Dialog>
  );
}

function TemplateIconForm({
  template,
  update,
  upload,
  onClose,
}: {
  template: Category;
  update: TemplateMutations['update'];
  upload: TemplateMutations['upload'];
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<IconChoice>(() => initialIconChoice(template.icon_url ?? null));
  const done = () => {
    showSuccessToast('Icon updated');
    onClose();
  };
  const save = () => {
    if (choice.file)
      upload.mutate({ id: template.id, file: choice.file }, { onSuccess: done, onError: (e) => showErrorToast('upload', e) });
    else
      update.mutate(
        { id: template.id, iconUrl: choice.removed ? null : choice.iconUrl },
        { onSuccess: done, onError: (e) => showErrorToast('category.updateIcon', e) },
      );
  };
  return (
    <div className="grid gap-4">
      <IconPicker value={choice} onChange={setChoice} disabled={update.isPending || upload.isPending} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} disabled={update.isPending || upload.isPending}>
          Save icon
        </Button>
      </div>
    </div>
  );
}
