/**
 * The dashboard's keyboard shortcuts. Pure: which action a key press means, and
 * when to ignore it (while typing, with modifier keys, or while a dialog is open).
 */
export type ShortcutAction = 'focus-search' | 'new-link' | 'show-help';

export const KEYBOARD_SHORTCUTS: ReadonlyArray<{ key: string; action: ShortcutAction; description: string }> = [
  { key: '/', action: 'focus-search', description: 'Search your links' },
  { key: 'n', action: 'new-link', description: 'Add a new link' },
  { key: '?', action: 'show-help', description: 'Show these shortcuts' },
];

export interface ShortcutKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  /** The focused element's tag and whether it is editable. */
  target: { tagName?: string; isContentEditable?: boolean; type?: string } | null;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const NON_TYPING_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color']);

function isTypingTarget(target: ShortcutKeyEvent['target']): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'INPUT') return !NON_TYPING_INPUTS.has((target.type ?? 'text').toLowerCase());
  return TYPING_TAGS.has(tag);
}

export function shortcutFor(event: ShortcutKeyEvent, dialogOpen: boolean): ShortcutAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || dialogOpen) return null;
  if (isTypingTarget(event.target)) return null;
  const key = event.key === 'N' ? 'n' : event.key;
  return KEYBOARD_SHORTCUTS.find((shortcut) => shortcut.key === key)?.action ?? null;
}
