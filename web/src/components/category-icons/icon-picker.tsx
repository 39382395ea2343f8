import { useEffect, useId, useMemo, useState } from 'react';
import { ICON_MIME_TYPES } from '~shared/constants.ts';
import { CATEGORY_MESSAGES } from '~shared/messages.ts';
import { Button } from '~shared/ui/button.tsx';
import { ConfirmDialog } from '~shared/ui/confirm-dialog.tsx';
import { cn } from '~shared/ui/cn.ts';
import { nextRovingIndex } from '~shared/rules/roving-focus.ts';
import { showSuccessToast } from '~shared/ui/toast.ts';
import { useFilePicker } from '../file-picker.tsx';
import { CategoryIcon } from './category-icon.tsx';
import { GALLERY_ICONS } from './gallery.ts';
import { hasIcon, type IconChoice } from './icon-choice.ts';

interface IconPickerProps {
  value: IconChoice;
  onChange: (next: IconChoice) => void;
  disabled?: boolean;
}

/**
 * The category icon picker (part 1 §2): the current icon, a custom upload (JPG/PNG/GIF up to
 * 5MB), the gallery of 11 icons and 'Remove Icon' behind a confirmation.
 */
export function IconPicker({ value, onChange, disabled }: IconPickerProps) {
  const labelId = useId();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const previewUrl = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const filePicker = useFilePicker({
    kind: 'icon',
    accept: ICON_MIME_TYPES.join(','),
    label: 'Upload a custom icon',
    testId: 'category-icon-file',
    onFile: (file) => onChange({ iconUrl: value.iconUrl, file, removed: false }),
  });

  function removeIcon() {
    onChange({ iconUrl: null, file: null, removed: true });
    showSuccessToast(CATEGORY_MESSAGES.iconRemoved.title, CATEGORY_MESSAGES.iconRemoved.description);
  }

  return (
    <div className="grid gap-3" role="group" aria-labelledby={labelId}>
      <div className="flex items-center gap-3">
        {previewUrl ? (
          <img src={previewUrl} alt="" className="h-14 w-14 shrink-0 rounded-lg object-cover" />
        ) : (
          <CategoryIcon iconUrl={value.iconUrl} size="lg" />
        )}
        <div className="min-w-0 flex-1">
          <p id={labelId} className="text-sm font-medium">
            Icon
          </p>
          <p className="truncate text-xs text-muted-foreground" data-testid="icon-current">
            {value.file
              ? `Custom: ${value.file.name}`
              : value.iconUrl
                ? (GALLERY_ICONS.find((i) => i.path === value.iconUrl)?.name ?? 'Custom icon')
                : 'No icon'}
          </p>
        </div>
        <div className="flex flex-col gap-1.5 sm:flex-row">
          <Button variant="outline" size="sm" disabled={disabled} onClick={filePicker.open}>
            Upload icon
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled || !hasIcon(value)}
            onClick={() => setConfirmOpen(true)}
            className="text-destructive hover:text-destructive"
          >
            Remove Icon
          </Button>
        </div>
        {filePicker.input}
      </div>

      {value.removed ? (
        <p
          role="status"
          data-testid="icon-removed-banner"
          className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-xs text-foreground"
        >
          Icon marked as removed. It is cleared when you save the category.
        </p>
      ) : null}

      <div role="radiogroup" aria-label="Icon gallery" className="grid grid-cols-6 gap-2 sm:grid-cols-11">
        {GALLERY_ICONS.map((icon, index) => {
          const selected = !value.file && value.iconUrl === icon.path;
          const anySelected = !value.file && GALLERY_ICONS.some((i) => i.path === value.iconUrl);
          return (
            <button
              key={icon.name}
              type="button"
              role="radio"
              data-icon-path={icon.path}
              tabIndex={selected || (!anySelected && index === 0) ? 0 : -1}
              aria-checked={selected}
              aria-label={icon.name}
              title={icon.name}
              disabled={disabled}
              onClick={() => onChange({ iconUrl: icon.path, file: null, removed: false })}
              onKeyDown={(event) => {
                // A radio group: one tab stop; arrow keys move and choose (WAI-ARIA radio pattern).
                const next = nextRovingIndex(index, event.key, GALLERY_ICONS.length);
                if (next === null || disabled) return;
                event.preventDefault();
                onChange({ iconUrl: GALLERY_ICONS[next].path, file: null, removed: false });
                event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
              }}
              className={cn(
                'rounded-lg p-1 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring hover:bg-accent',
                selected && 'bg-primary/10 ring-2 ring-primary',
              )}
            >
              <img src={icon.path} alt="" className="aspect-square w-full" />
            </button>
          );
        })}
      </div>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Remove Icon"
        description={CATEGORY_MESSAGES.removeIconConfirm}
        confirmLabel="Remove"
        onConfirm={removeIcon}
      />
    </div>
  );
}
