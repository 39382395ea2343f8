import { useId } from 'react';
import { cn } from '~shared/ui/cn.ts';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { SearchIcon } from '~shared/ui/icons.tsx';

interface LinkSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Width of the box's wrapper (e.g. 'sm:w-64'). */
  className?: string;
  /** Height of the input: the dashboard's is a little taller than a folder's. */
  size?: 'sm' | 'md';
  testId?: string;
}

/** 'Search links...' with its icon and an accessible name: the dashboard, folder and template views share it. */
export function LinkSearchBox({ value, onChange, className, size = 'sm', testId }: LinkSearchBoxProps) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Search links
      </label>
      <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground" />
      <input
        id={id}
        type="search"
        placeholder="Search links..."
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(CONTROL_CLASS, size === 'md' ? 'h-10 pl-9' : 'h-9 pl-9')}
        data-testid={testId}
      />
    </div>
  );
}
