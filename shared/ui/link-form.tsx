import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ICON_MIME_TYPES, NEW_CATEGORY_OPTION } from '../constants.ts';
import { uploadFileProblem } from '../data/storage.ts';
import { CODE_LOAD_FAILED_MESSAGE, isCodeLoadError } from '../rules/code-load.ts';
import { formatDisplayDate } from '../rules/date-format.ts';
import { normalizeUrl } from '../rules/url.ts';
import type { LinkFormValues, LinkInput } from '../schemas/link.ts';
import { Button } from './button.tsx';
import { CategorySelect, type CategoryOption } from './category-select.tsx';
import { FormField } from './form-field.tsx';
import { cn } from './cn.ts';
import { CONTROL_CLASS, FILE_INPUT_CLASS } from './field-classes.ts';
import { TrashIcon } from './icons.tsx';
import { lazyResolver } from './lazy-resolver.ts';
import { showToastMessage } from './toast.ts';

/** The link schema and zod load when the form first validates, or from its first focus (lazy-resolver.ts). */
const linkResolver = lazyResolver(() => import('../schemas/link-resolver.ts').then((m) => m.linkResolver));

export interface LinkFormProps {
  /** 'edit' shows the orange highlight, Cancel and the delete button. */
  mode?: 'add' | 'edit';
  /** Values to start from (the link being edited, or a page to quick-save). */
  initialValues?: Partial<LinkFormValues>;
  categories: readonly CategoryOption[];
  /** Preselected folder in add mode (usually 'Recently Saved Links'). */
  defaultCategoryId?: string;
  /**
   * Receives the parsed values (url normalised to http(s)) and the chosen icon file. Throw to keep
   * the form as it is. May return the folder the link went to (e.g. one just created), which the
   * Category select then shows for the next link.
   */
  onSubmit: (values: LinkInput, icon: File | null) => Promise<LinkFormSaved | void> | LinkFormSaved | void;
  /** In add mode: the saved link with the same URL, if any (the form says that saving updates it). */
  findExisting?: (url: string) => { created_at: string } | null | undefined;
  onCancel?: () => void;
  onDelete?: () => void;
  /** Hide the card chrome and title (e.g. inside a dialog that has its own). */
  bare?: boolean;
  /**
   * Autofill: asks the server for the page's title and description once a URL is typed or pasted;
   * they fill an empty Title / Description, never what the user typed. Null (or a throw) = nothing.
   */
  fetchPreview?: (url: string) => Promise<{ title: string | null; description: string | null } | null>;
  className?: string;
  /** Fields the caller keeps itself, shown after Category (the web app's tags and note). */
  extraFields?: ReactNode;
}

const ICON_ACCEPT = ICON_MIME_TYPES.join(',');
/** Typing pauses this long before a preview is asked for (the answer still lands within a second). */
const PREVIEW_DEBOUNCE_MS = 250;

/** The URL worth a preview: http(s) with a dotted host (not half-typed "exa"); null otherwise. */
export function previewableUrl(value: string | undefined): string | null {
  const url = normalizeUrl(value);
  if (!url) return null;
  try {
    const host = new URL(url).hostname;
    return host.includes('.') || host.startsWith('[') ? url : null;
  } catch {
    return null;
  }
}

/** What a successful submit may tell the form: the folder the link was saved in. */
export interface LinkFormSaved {
  categoryId?: string;
  /** True when the folder was created by this submit ('+ Create new category'). */
  categoryCreated?: boolean;
}

/** The line under the URL field when the URL is already saved (part 1 §2: a re-add updates the link). */
function existingLinkNotice(createdAt: string): string {
  return `You saved this link on ${formatDisplayDate(createdAt)}; saving updates it.`;
}

/** The line under Category after '+ Create new category': the new folder stays selected. */
function newFolderSelectedNotice(name: string): string {
  return `New category "${name}" created and selected for your next link.`;
}

/** The 'Add New Link' / 'Edit Link' card (part 1 §2), shared by the dashboard and the extension popup. */
export function LinkForm({
  mode = 'add',
  initialValues,
  categories,
  defaultCategoryId,
  onSubmit,
  findExisting,
  onCancel,
  onDelete,
  bare = false,
  className,
  fetchPreview,
  extraFields,
}: LinkFormProps) {
  const [categoryNotice, setCategoryNotice] = useState<string | null>(null);
  const editing = mode === 'edit';
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [icon, setIcon] = useState<File | null>(null);
  const [iconError, setIconError] = useState<string | undefined>();
  // The checks' code could not download (offline after the page loaded): said here, with what was
  // typed kept; the next submit tries again.
  const [checksMissing, setChecksMissing] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LinkFormValues, unknown, LinkInput>({
    resolver: linkResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      title: '',
      url: '',
      description: '',
      categoryId: defaultCategoryId ?? categories[0]?.id ?? '',
      newCategory: '',
      ...initialValues,
    },
  });
  const chosenCategory = useWatch({ control, name: 'categoryId' });
  const creatingCategory = chosenCategory === NEW_CATEGORY_OPTION;
  const typedUrl = useWatch({ control, name: 'url' });
  const existing = !editing && findExisting && typedUrl.trim() ? findExisting(typedUrl) : null;

  // The select never shows blank: folders that arrive after the first render (or a folder just
  // created) are applied to the uncontrolled <select> once its option exists; an unknown value
  // falls back to the default folder.
  // The ids as one string: a new array of the same folders is no change.
  const categoryIds = categories.map((c) => c.id).join(',');
  const fallbackCategoryId = defaultCategoryId ?? categories[0]?.id ?? '';
  useEffect(() => {
    const current = getValues('categoryId') ?? '';
    if (current === NEW_CATEGORY_OPTION) return;
    const known = categoryIds.split(',').includes(current) && current !== '';
    const next = known ? current : fallbackCategoryId;
    if (next) setValue('categoryId', next);
  }, [categoryIds, fallbackCategoryId, getValues, setValue]);
  // Autofill: a short pause after the last keystroke, then one request; an answer for a
  // URL that is no longer in the field, or for a field that is no longer empty, is dropped. No
  // request when it could fill nothing (Title and Description both typed) or while the link is
  // being saved: the save asks for the stored preview itself, and the two would only compete.
  const saving = useRef(false);
  useEffect(() => {
    const url = fetchPreview && !editing ? previewableUrl(typedUrl) : null;
    if (!url || !fetchPreview) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      if (saving.current || (getValues('title')?.trim() && getValues('description')?.trim())) return;
      void fetchPreview(url)
        .catch(() => null)
        .then((preview) => {
          if (cancelled || !preview || previewableUrl(getValues('url')) !== url) return;
          if (preview.title && !getValues('title')?.trim()) setValue('title', preview.title.slice(0, 500), { shouldDirty: true });
          if (preview.description && !getValues('description')?.trim()) setValue('description', preview.description, { shouldDirty: true });
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [typedUrl, fetchPreview, editing, getValues, setValue]);

  function chooseIcon(file: File | undefined) {
    if (!file) {
      setIcon(null);
      setIconError(undefined);
      return;
    }
    const problem = uploadFileProblem(file, 'icon');
    if (problem) {
      showToastMessage(problem);
      setIconError(`${problem.title}: ${problem.description}`);
      setIcon(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setIconError(undefined);
    setIcon(file);
  }

  const save = async (values: LinkInput) => {
    let saved: LinkFormSaved | void;
    try {
      saved = await onSubmit(values, icon);
    } catch {
      return; // The caller shows the error toast; keep what the user typed.
    }
    if (!editing) {
      // One rule: the select keeps the folder the last link went to, a folder just created included.
      const created = values.categoryId === NEW_CATEGORY_OPTION;
      const nextCategory = saved?.categoryId ?? (created ? (defaultCategoryId ?? '') : values.categoryId);
      setCategoryNotice(created && saved?.categoryId ? newFolderSelectedNotice(values.newCategory?.trim() ?? '') : null);
      reset({ title: '', url: '', description: '', categoryId: nextCategory, newCategory: '' });
      setIcon(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  // Saving from the moment of the submit, validation included: the schema may still be loading
  // (lazyResolver), and an autofill request must not start meanwhile.
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    saving.current = true;
    setChecksMissing(false);
    try {
      // Validates (the resolver), then saves.
      await handleSubmit(save)(event);
    } catch (error) {
      // onSubmit's errors are caught in save: what rejects here is the checks' download.
      if (!isCodeLoadError(error)) throw error;
      setChecksMissing(true);
    } finally {
      saving.current = false;
    }
  };

  const submitLabel = isSubmitting ? (editing ? 'Updating link...' : 'Adding link...') : editing ? 'Update Link' : 'Add Link';

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={linkResolver.preload}
      aria-labelledby={bare ? undefined : titleId}
      data-editing={editing || undefined}
      className={cn(
        'grid gap-4',
        !bare && 'rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6',
        editing && !bare && 'border-warning ring-2 ring-warning/40 bg-warning/5',
        className,
      )}
    >
      {bare ? null : (
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {editing ? 'Edit Link' : 'Add New Link'}
        </h2>
      )}
      <FormField label="Title" error={errors.title?.message}>
        <input type="text" autoComplete="off" className={CONTROL_CLASS} {...register('title')} />
      </FormField>
      <FormField label="URL" error={errors.url?.message}>
        <input
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com"
          className={CONTROL_CLASS}
          {...register('url')}
        />
      </FormField>
      {existing ? (
        <p role="status" data-testid="existing-link-notice" className="-mt-2 text-xs text-warning">
          {existingLinkNotice(existing.created_at)}
        </p>
      ) : null}
      <FormField label="Description (optional)" error={errors.description?.message}>
        <textarea rows={3} className={cn(CONTROL_CLASS, 'resize-y')} {...register('description')} />
      </FormField>
      <FormField label="Category" error={errors.categoryId?.message}>
        <CategorySelect categories={categories} {...register('categoryId', { onChange: () => setCategoryNotice(null) })} />
      </FormField>
      {categoryNotice && !creatingCategory ? (
        <p role="status" data-testid="category-notice" className="-mt-2 text-xs text-muted-foreground">
          {categoryNotice}
        </p>
      ) : null}
      {creatingCategory ? (
        <FormField label="New Category Name" error={errors.newCategory?.message}>
          <input type="text" autoComplete="off" className={CONTROL_CLASS} {...register('newCategory')} />
        </FormField>
      ) : null}
      {extraFields}
      <FormField label="Icon (optional)" error={iconError} hint="JPG, PNG or GIF, up to 5MB.">
        <input
          ref={fileInput}
          type="file"
          accept={ICON_ACCEPT}
          onChange={(event) => chooseIcon(event.currentTarget.files?.[0])}
          className={FILE_INPUT_CLASS}
        />
      </FormField>
      {checksMissing ? (
        <p role="alert" className="text-sm text-destructive">
          {CODE_LOAD_FAILED_MESSAGE}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {editing && onDelete ? (
          <Button variant="destructive" onClick={onDelete} disabled={isSubmitting} className="sm:mr-auto" aria-label="Delete link">
            <TrashIcon size={16} />
            <span className="sm:sr-only">Delete</span>
          </Button>
        ) : null}
        {editing && onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
