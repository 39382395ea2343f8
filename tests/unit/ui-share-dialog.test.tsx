// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareDialog } from '../../shared/ui/share-dialog.tsx';

const suggestions = [
  { username: 'alice', first_name: 'Alice', last_name: 'Smith' },
  { username: 'alina', first_name: null, last_name: null },
  { username: 'al3', first_name: 'A', last_name: 'Three' },
  { username: 'al4', first_name: 'A', last_name: 'Four' },
  { username: 'al5', first_name: 'A', last_name: 'Five' },
  { username: 'al6', first_name: 'A', last_name: 'Six' },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderDialog(overrides: Partial<Parameters<typeof ShareDialog>[0]> = {}) {
  const searchUsernames = vi.fn(() => Promise.resolve(suggestions));
  const onShare = vi.fn(() => Promise.resolve(undefined));
  const onOpenChange = vi.fn();
  render(
    <ShareDialog
      open
      onOpenChange={onOpenChange}
      link={{ id: 'l1', title: 'My Link' }}
      searchUsernames={searchUsernames}
      onShare={onShare}
      {...overrides}
    />,
  );
  return { searchUsernames, onShare, onOpenChange };
}

/** Types into the recipient field as one change (fake timers and user-event's delays do not mix). */
const type = (value: string) => fireEvent.change(screen.getByPlaceholderText('Enter username'), { target: { value } });
const flush = async (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
/** A mouse press: Radix dismisses on the click that ends a press outside. */
const press = (element: Element) => {
  fireEvent.pointerDown(element);
  fireEvent.mouseDown(element);
  fireEvent.pointerUp(element);
  fireEvent.mouseUp(element);
  fireEvent.click(element);
};

describe('ShareDialog', () => {
  it('is titled with the link and lists the four methods', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Share Link: My Link' })).toBeTruthy();
    const method = screen.getByLabelText<HTMLSelectElement>('Share Method');
    expect([...method.options].map((o) => o.text)).toEqual(['Username', 'Email', 'Phone', 'Social Platform']);
  });

  it('searches usernames only after 300 ms of quiet, from 2 characters, and shows at most 5 as @username with names', async () => {
    const { searchUsernames } = renderDialog();
    type('a');
    await flush(400);
    expect(searchUsernames).not.toHaveBeenCalled();

    type('al');
    await flush(299);
    expect(searchUsernames).not.toHaveBeenCalled();
    type('ali');
    await flush(299);
    expect(searchUsernames).not.toHaveBeenCalled();
    await flush(1);
    expect(searchUsernames).toHaveBeenCalledTimes(1);
    expect(searchUsernames).toHaveBeenCalledWith('ali');

    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(5);
    expect(options[0].textContent).toBe('@aliceAlice Smith');
    expect(options[1].textContent).toBe('@alina');
    expect(screen.getByPlaceholderText('Enter username').getAttribute('aria-expanded')).toBe('true');
  });

  it('picks a suggestion with the keyboard; Escape closes the list before the dialog', async () => {
    const { onOpenChange } = renderDialog();
    type('al');
    await flush(300);
    const input = screen.getByPlaceholderText('Enter username');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(within(screen.getByRole('listbox')).getAllByRole('option')[0].id);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onOpenChange).not.toHaveBeenCalled();

    type('ali');
    await flush(300);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('alice');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // With the list closed, Escape closes the dialog.
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the list open on a press in the field and closes it on a press outside or when focus moves on', async () => {
    const { onOpenChange } = renderDialog();
    const input = screen.getByPlaceholderText('Enter username');
    type('al');
    await flush(300);
    await flush(0); // Radix starts listening for outside presses a tick after the list opens
    press(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    press(screen.getByRole('dialog'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();

    type('ali');
    await flush(300);
    expect(screen.getByRole('listbox')).toBeTruthy();
    act(() => screen.getByLabelText('Share Method').focus());
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('validates: recipient required, username 3-30, social platform required for social; then shares', async () => {
    const { onShare } = renderDialog();
    await act(() => Promise.resolve(void fireEvent.click(screen.getByRole('button', { name: 'Share Link' }))));
    expect(screen.getByText('Recipient is required')).toBeTruthy();

    type('ab');
    await act(() => Promise.resolve(void fireEvent.click(screen.getByRole('button', { name: 'Share Link' }))));
    expect(screen.getByText('Social platform is required when sharing via social media, username must be 3-30 characters')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Share Method'), { target: { value: 'social' } });
    expect(screen.getByLabelText('Social Platform')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Social Media Handle'), { target: { value: 'handle' } });
    await act(() => Promise.resolve(void fireEvent.click(screen.getByRole('button', { name: 'Share Link' }))));
    expect(screen.getByText('Social platform is required when sharing via social media, username must be 3-30 characters')).toBeTruthy();
    expect(onShare).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Social Platform'), { target: { value: 'twitter' } });
    await act(() => Promise.resolve(void fireEvent.click(screen.getByRole('button', { name: 'Share Link' }))));
    expect(onShare).toHaveBeenCalledWith(expect.objectContaining({ shareType: 'social', socialPlatform: 'twitter', recipient: 'handle' }));
  });

  it('the recipient label follows the method', () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Share Method'), { target: { value: 'email' } });
    expect(screen.getByLabelText('Email Address').getAttribute('type')).toBe('email');
    expect(screen.queryByLabelText('Social Platform')).toBeNull();
    fireEvent.change(screen.getByLabelText('Share Method'), { target: { value: 'phone' } });
    expect(screen.getByLabelText('Phone Number').getAttribute('type')).toBe('tel');
  });
});
