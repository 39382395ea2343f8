/**
 * What the icon picker holds while the category dialog is open. Nothing is uploaded or saved
 * until 'Create Category' / 'Update Category': an uploaded file waits as `file` (shown from an
 * object URL), a removal is only a mark (the removed-state banner) until then.
 */
export interface IconChoice {
  /** The icon to save: a gallery path, the folder's existing URL, or null. Ignored while `file` is set. */
  iconUrl: string | null;
  /** A custom icon chosen in this dialog, uploaded on save. */
  file: File | null;
  /** 'Remove Icon' was confirmed: the folder's icon is cleared on save. */
  removed: boolean;
}

export const initialIconChoice = (iconUrl: string | null): IconChoice => ({ iconUrl, file: null, removed: false });

export const hasIcon = (choice: IconChoice) => Boolean(choice.file || choice.iconUrl);
