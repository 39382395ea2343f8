import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '~shared/ui/cn.ts';

export type AuthTab = 'signin' | 'signup' | 'reset';

const TABS: { value: AuthTab; label: string }[] = [
  { value: 'signin', label: 'Sign In' },
  { value: 'signup', label: 'Sign Up' },
  { value: 'reset', label: 'Reset' },
];

interface AuthTabsProps {
  value: AuthTab;
  onChange: (tab: AuthTab) => void;
  children: ReactNode;
}

/** The three tabs of the auth card (WAI-ARIA tabs: arrow keys move between them). */
export function AuthTabs({ value, onChange, children }: AuthTabsProps) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // On each tab (the focused element), not the tablist: the tabs are the widget.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.value === value);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : step ? (index + step + TABS.length) % TABS.length : -1;
    if (target < 0) return;
    event.preventDefault();
    onChange(TABS[target].value);
    buttons.current[target]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Account" className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {TABS.map((tab, index) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              data-value={tab.value}
              onClick={() => onChange(tab.value)}
              onKeyDown={onKeyDown}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                selected ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} className="pt-6">
        {children}
      </div>
    </div>
  );
}
