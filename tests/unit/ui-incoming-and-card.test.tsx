// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { IncomingList, DESTINATION_REQUIRED_MESSAGE } from '../../shared/ui/incoming-list.tsx';
import { LinkCard } from '../../shared/ui/link-card.tsx';

afterEach(cleanup);

const item = {
  shared_link_id: 's1',
  title: 'Shared thing',
  url: 'https://shared.example.com/page',
  icon_url: null,
  message: 'Have a look',
  shared_at: '2025-01-05T12:00:00Z',
  sender_name: 'Ann Sender',
  sender_email: 'ann@example.com',
};
const folders = [
  { id: 'saved', name: 'Recently Saved Links' },
  { id: 'reading', name: 'Reading' },
];

describe('IncomingList', () => {
  it('requires a destination folder to accept, then accepts into the chosen one; reject needs none', async () => {
    const onAccept = vi.fn();
    const onReject = vi.fn();
    render(<IncomingList items={[item]} folders={folders} onAccept={onAccept} onReject={onReject} />);
    expect(screen.getByText('From Ann Sender (ann@example.com) · Jan 5, 2025')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('alert').textContent).toBe(DESTINATION_REQUIRED_MESSAGE);
    expect(onAccept).not.toHaveBeenCalled();
    await userEvent.selectOptions(screen.getByLabelText('Destination folder for Shared thing'), 'Reading');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledWith(item, 'reading');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onReject).toHaveBeenCalledWith(item);
  });

  it('never renders a non-http(s) URL as a link', () => {
    render(<IncomingList items={[{ ...item, url: 'javascript:alert(1)' }]} folders={folders} onAccept={vi.fn()} onReject={vi.fn()} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeTruthy();
  });
});

describe('LinkCard', () => {
  const link = {
    id: 'l1',
    title: 'Docs',
    url: 'https://docs.example.com',
    icon_url: null,
    created_at: '2025-01-05T12:00:00Z',
    access_count: 7,
    share_count: 2,
  };

  it('shows date, views and shares; the icon menu has the five spec actions', async () => {
    const onOpen = vi.fn();
    const onEdit = vi.fn();
    render(<LinkCard link={link} onOpen={onOpen} onShare={vi.fn()} onEdit={onEdit} onDelete={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Docs' });
    expect(within(card).getByText('Jan 5, 2025')).toBeTruthy();
    expect(within(card).getByText('7')).toBeTruthy();
    expect(within(card).getByText('2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Docs' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Go to Site (Same Page)',
      'Go to Site (Pop-up Window)',
      'Share Link',
      'Edit Link',
      'Delete Link',
    ]);
    await userEvent.click(items[0]);
    expect(onOpen).toHaveBeenCalledWith(link, 'same-page');
  });

  it('reorder buttons report the direction; impossible moves are disabled', async () => {
    const onMove = vi.fn();
    render(<LinkCard link={link} onOpen={vi.fn()} onMove={onMove} disabledMoves={new Set(['beginning', 'left'] as const)} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Beginning' }).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'End' }));
    expect(onMove).toHaveBeenCalledWith(link, 'end');
  });

  it('a javascript: URL is not a link and has no Go to Site items', async () => {
    render(<LinkCard link={{ ...link, url: 'javascript:alert(1)' }} onOpen={vi.fn()} onEdit={vi.fn()} />);
    expect(screen.queryByRole('link')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Docs' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Edit Link']);
  });
});

describe('ConfirmDialog', () => {
  it('shows the delete text; Delete confirms and closes, Escape cancels', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Delete Link"
        description={'Are you sure you want to delete "Docs"? This action cannot be undone.'}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Link' });
    expect(within(dialog).getByText('Are you sure you want to delete "Docs"? This action cannot be undone.')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await act(() => Promise.resolve(void fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
