import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import type { FolderLinkItem } from '~shared/data/links/api.ts';
import { templateMutations } from '~shared/data/templates/mutations.ts';
import { linkSchema } from '~shared/schemas/link.ts';
import { templateNameSchema } from '~shared/schemas/template.ts';
import { Button } from '~shared/ui/Button.tsx';
import { Dialog } from '~shared/ui/Dialog.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { IconPicker } from '../category-icons/icon-picker.tsx';
import { initialIconChoice, type IconChoice } from '../category-icons/icon-choice.ts';

function Field({
  label,
  value,
  onChange,
  error,
  autoFocus,
  testId,
  multiline,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  autoFocus?: boolean;
  testId?: string;
  multiline?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          rows={3}
          className={CONTROL_CLASS}
          data-testid={testId}
        />
      ) : (
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={CONTROL_CLASS}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-autofocus={autoFocus ? '' : undefined}
          data-testid={testId}
        />
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Rename a template ('Template name is required' when blank, part 2 §5). */
export function RenameTemplateDialog({ template, onClose }: { template: Category | null; onClose: () => void }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const update = useMutation(templateMutations.update(client, queryClient));
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    setName(template?.name ?? '');
    setError(undefined);
  }, [template]);
  const save = () => {
    if (!template) return;
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
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()} title="Rename template">
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Field label="Template name" value={name} onChange={setName} error={error} autoFocus testId="template-rename-input" />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A template's icon: upload (category-icons/templates/{id}/…), the icon gallery, or none. */
export function TemplateIconDialog({ template, onClose }: { template: Category | null; onClose: () => void }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const update = useMutation(templateMutations.update(client, queryClient));
  const upload = useMutation(templateMutations.uploadIcon(client, queryClient));
  const [choice, setChoice] = useState<IconChoice>(initialIconChoice(null));
  useEffect(() => setChoice(initialIconChoice(template?.icon_url ?? null)), [template]);
  const done = () => {
    showSuccessToast('Icon updated');
    onClose();
  };
  const save = () => {
    if (!template) return;
    if (choice.file)
      upload.mutate({ id: template.id, file: choice.file }, { onSuccess: done, onError: (e) => showErrorToast('upload', e) });
    else
      update.mutate(
        { id: template.id, iconUrl: choice.removed ? null : choice.iconUrl },
        { onSuccess: done, onError: (e) => showErrorToast('category.updateIcon', e) },
      );
  };
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()} title={template ? `Icon of ${template.name}` : 'Icon'}>
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
    </Dialog>
  );
}

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
  const client = useDataClient();
  const queryClient = useQueryClient();
  const create = useMutation(templateMutations.createLink(client, queryClient));
  const update = useMutation(templateMutations.updateLink(client, queryClient));
  const [values, setValues] = useState({ title: '', url: '', description: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    setValues({ title: link?.title ?? '', url: link?.url ?? '', description: link?.description ?? '' });
    setErrors({});
  }, [open, link]);
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
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={link ? 'Edit template link' : 'Add link to template'}>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Field
          label="Title"
          value={values.title}
          onChange={(title) => setValues((v) => ({ ...v, title }))}
          error={errors.title}
          autoFocus
          testId="template-link-title"
        />
        <Field
          label="URL"
          value={values.url}
          onChange={(url) => setValues((v) => ({ ...v, url }))}
          error={errors.url}
          testId="template-link-url"
        />
        <Field
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
    </Dialog>
  );
}
