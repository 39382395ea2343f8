import type { Category } from '~shared/data/categories/api.ts';
import { Dialog } from '~shared/ui/dialog.tsx';
import { CategoryForm } from './category-form.tsx';
interface CategoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The folder being edited; null creates a new one. */
  category: Category | null;
}

/** 'Create New Category' / 'Edit Category' (part 1 §2): name, icon, save or cancel. */
export function CategoryDialog({ open, onOpenChange, category }: CategoryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={category ? 'Edit Category' : 'Create New Category'} className="sm:max-w-xl">
      {/* Keyed so every opening starts from the folder's saved values. */}
      {open ? <CategoryForm key={category?.id ?? 'new'} category={category} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
