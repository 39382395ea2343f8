import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { CloseIcon } from './icons.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Radix dialogs are labelled by the title, close on Escape and trap focus. */
  role?: 'dialog' | 'alertdialog';
  /** Call event.preventDefault() to keep the dialog open (e.g. Escape first closes an open suggestion list). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

/** A centred modal (sheet-like on phones) with a title, optional description and a close button. */
export function Dialog({ open, onOpenChange, title, description, children, className, role = 'dialog', onEscapeKeyDown }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          role={role}
          onEscapeKeyDown={onEscapeKeyDown}
          className={cn(
            'lv-animate-in fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-xl border border-border bg-card p-5 text-card-foreground shadow-xl',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <RadixDialog.Title className="text-lg leading-tight font-semibold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="text-sm text-muted-foreground">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label="Close"
            >
              <CloseIcon size={16} />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
