import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DEFAULT_SHARE_MESSAGE, SOCIAL_PLATFORMS, SOCIAL_PLATFORM_LABELS, type ShareType } from '../constants.ts';
import { shareDialogTitle } from '../messages.ts';
import { shareFormSchema, type ShareFormInput, type ShareFormValues } from '../schemas/share.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormField } from './form-field.tsx';
import { UsernameCombobox, type UsernameSuggestion } from './username-combobox.tsx';
import { cn } from './cn.ts';
import { CONTROL_CLASS } from './field-classes.ts';

/** The four methods in the order the dialog lists them (part 1 §2). */
const SHARE_METHOD_OPTIONS: ReadonlyArray<{ value: ShareType; label: string }> = [
  { value: 'username', label: 'Username' },
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'social', label: 'Social Platform' },
];

/** The recipient field's label and placeholder per method (the spec: "depend on the method"). */
const RECIPIENT_FIELD: Record<ShareType, { label: string; placeholder: string; type: string; inputMode?: 'email' | 'tel' | 'text' }> = {
  username: { label: 'Username', placeholder: 'Enter username', type: 'text' },
  email: { label: 'Email Address', placeholder: 'Enter email address', type: 'email', inputMode: 'email' },
  phone: { label: 'Phone Number', placeholder: 'Enter phone number', type: 'tel', inputMode: 'tel' },
  social: { label: 'Social Media Handle', placeholder: 'Enter social media handle', type: 'text' },
};

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: { id: string; title: string } | null;
  searchUsernames: (prefix: string) => Promise<readonly UsernameSuggestion[]>;
  /** Shares the link; throw to keep the dialog open (the caller shows the error toast). */
  onShare: (values: ShareFormInput) => Promise<void> | void;
  defaultShareType?: ShareType;
}

/** 'Share Link: {title}' (part 1 §2): method, platform for social, recipient, message. */
export function ShareDialog({ open, onOpenChange, link, searchUsernames, onShare, defaultShareType = 'username' }: ShareDialogProps) {
  // FormField labels its direct child; the username combobox sits inside a Controller, so it gets the id itself.
  const recipientId = useId();
  const emptyValues: ShareFormValues = { shareType: defaultShareType, recipient: '', socialPlatform: '', message: '' };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ShareFormValues, unknown, ShareFormInput>({
    resolver: zodResolver(shareFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyValues,
  });
  const shareType = useWatch({ control, name: 'shareType' });
  const recipientField = RECIPIENT_FIELD[shareType];

  function close(next: boolean) {
    if (isSubmitting) return;
    onOpenChange(next);
    if (!next) reset(emptyValues);
  }

  const submit = handleSubmit(async (values) => {
    try {
      await onShare(values);
    } catch {
      return;
    }
    reset(emptyValues);
    onOpenChange(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={shareDialogTitle(link?.title ?? '')}
      // Escape closes an open suggestion list first: it is a Radix layer above the dialog.
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField label="Share Method" error={errors.shareType?.message}>
          <select
            className={cn(CONTROL_CLASS, 'h-10')}
            {...register('shareType', {
              onChange: () => setValue('recipient', ''),
            })}
          >
            {SHARE_METHOD_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FormField>
        {shareType === 'social' ? (
          <FormField label="Social Platform" error={errors.socialPlatform?.message}>
            <select className={cn(CONTROL_CLASS, 'h-10')} {...register('socialPlatform')}>
              <option value="">Select a platform</option>
              {SOCIAL_PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {SOCIAL_PLATFORM_LABELS[platform]}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
        <FormField id={recipientId} label={recipientField.label} error={errors.recipient?.message}>
          {shareType === 'username' ? (
            <Controller
              control={control}
              name="recipient"
              render={({ field }) => (
                <UsernameCombobox
                  id={recipientId}
                  data-autofocus
                  aria-invalid={errors.recipient ? true : undefined}
                  aria-describedby={errors.recipient ? `${recipientId}-error` : undefined}
                  ref={field.ref}
                  name={field.name}
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder={recipientField.placeholder}
                  searchUsernames={searchUsernames}
                />
              )}
            />
          ) : (
            <input
              type={recipientField.type}
              inputMode={recipientField.inputMode}
              placeholder={recipientField.placeholder}
              autoComplete="off"
              data-autofocus
              className={CONTROL_CLASS}
              {...register('recipient')}
            />
          )}
        </FormField>
        <FormField label="Add message">
          <textarea rows={3} placeholder={DEFAULT_SHARE_MESSAGE} className={cn(CONTROL_CLASS, 'resize-y')} {...register('message')} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting || !link}>
            {isSubmitting ? 'Sharing...' : 'Share Link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
