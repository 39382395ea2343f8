import { describe, expect, it } from 'vitest';
import { shortcutFor, type ShortcutKeyEvent } from '../../shared/rules/keyboard-shortcuts.ts';

const press = (key: string, over: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target: { tagName: 'BODY' },
  ...over,
});

describe('dashboard shortcuts', () => {
  it('/ search, n new link, ? help', () => {
    expect(shortcutFor(press('/'), false)).toBe('focus-search');
    expect(shortcutFor(press('n'), false)).toBe('new-link');
    expect(shortcutFor(press('?'), false)).toBe('show-help');
    expect(shortcutFor(press('x'), false)).toBeNull();
  });
  it('not while typing, with modifiers, or with a dialog open', () => {
    expect(shortcutFor(press('n', { target: { tagName: 'INPUT', type: 'text' } }), false)).toBeNull();
    expect(shortcutFor(press('/', { target: { tagName: 'TEXTAREA' } }), false)).toBeNull();
    expect(shortcutFor(press('n', { target: { tagName: 'DIV', isContentEditable: true } }), false)).toBeNull();
    expect(shortcutFor(press('n', { target: { tagName: 'INPUT', type: 'checkbox' } }), false)).toBe('new-link');
    expect(shortcutFor(press('n', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutFor(press('n'), true)).toBeNull();
  });
});
