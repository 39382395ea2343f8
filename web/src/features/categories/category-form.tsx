import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Category } from '~shared/data/categories/api.ts';
import { categoryMutations } from '~shared/data/categories/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { categorySchema, type CategoryInput } from '~shared/schemas/category.ts';
import { Button } from '~shared/ui/button.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { categoryCreatedMessage, categoryUpdatedMessage } from '~shared/messages.ts';
import { initialIconChoice, type IconChoice } from '../../components/category-icons/icon-choice.ts';
import { IconPicker } from '../../components/category-icons/icon-picker.tsx';

/** The category form: name and icon; uploads a chosen icon, then creates or updates the folder. */
export function CategoryForm({ category, onDone }: { category: Category | null; onDone: () => void }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const create = useMutation(categoryMutations.create(client, queryClient));
  const update = useMutation(categoryMutations.update(client, queryClient));
  const uploadIcon = useMutation(categoryMutations.uploadIcon(client));
  const [icon, setIcon] = useState<IconChoice>(() => initialIconChoice(category?.icon_url ?? null));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CategoryInput>({
    resolver: zodResolver(categorySchema),
    defaultValues: { name: category?.name ?? '' },
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit(async ({ name }) => {
    let iconUrl = icon.removed ? null : icon.iconUrl;
    if (icon.file) {
      try {
        iconUrl = await uploadIcon.mutateAsync(icon.file);
      } catch (error) {
        showErrorToast('category.iconUpload', error);
        return;
      }
    }
    try {
      if (category) {
        const saved = await update.mutateAsync({ id: category.id, name, iconUrl });
        showSuccessToast(categoryUpdatedMessage(saved.name).title, categoryUpdatedMessage(saved.name).description);
      } else {
        const saved = await create.mutateAsync({ name, iconUrl });
        showSuccessToast(categoryCreatedMessage(saved.name).title, categoryCreatedMessage(saved.name).description);
      }
      onDone();
    } catch (error) {
      showErrorToast('category.save', error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormField label="Category Name" error={errors.name?.message}>
        <input
          type="text"
          autoComplete="off"
          data-autofocus=""
          className={CONTROL_CLASS}
          placeholder="e.g. Recipes"
          {...register('name')}
        />
      </FormField>
      <IconPicker value={icon} onChange={setIcon} disabled={isSubmitting} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {category ? 'Update Category' : 'Create Category'}
        </Button>
      </div>
    </form>
  );
}
