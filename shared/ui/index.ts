/** Components shared by the web dashboard and the extension popup. Apps import theme.css too. */
export * from './Button.tsx';
export * from './CategorySelect.tsx';
export * from './ConfirmDialog.tsx';
export * from './Dialog.tsx';
export * from './FormField.tsx';
export * from './IncomingList.tsx';
export * from './LinkCard.tsx';
export * from './LinkForm.tsx';
export * from './LinkIcon.tsx';
export * from './ShareDialog.tsx';
export * from './Toaster.tsx';
export * from './UsernameCombobox.tsx';
export * from './cn.ts';
export * from './toast.ts';
