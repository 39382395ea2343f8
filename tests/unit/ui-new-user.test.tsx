// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IncomingList } from '../../shared/ui/incoming-list.tsx';
import { LinkCard } from '../../shared/ui/link-card.tsx';

/** What a new user trips over: Accept needs no folder choice first (the default folder), and a link card is one tab stop. */

afterEach(cleanup);

const item = {
  shared_link_id: 's1',
  title: 'Shared thing',
  url: 'https://shared.example.com/page',
  icon_url: null,
  message: null,
  shared_at: '2025-01-05T12:00:00Z',
  sender_name: 'Ann Sender',
  sender_email: null,
};
const folders = [
  { id: 'saved', name: 'Recently Saved Links' },
  { id: 'reading', name: 'Reading' },
];

describe('IncomingList: Accept defaults to the default folder', () => {
  it('accepts into Recently Saved Links without choosing first; a choice still wins', async () => {
    const onAccept = vi.fn();
    const { rerender } = render(
      <IncomingList items={[item]} folders={[]} onAccept={onAccept} onReject={vi.fn()} defaultFolderId="saved" />,
    );
    // Folders arrive later (the popup loads them): the default applies then.
    rerender(<IncomingList items={[item]} folders={folders} onAccept={onAccept} onReject={vi.fn()} defaultFolderId="saved" />);
    expect(screen.getByLabelText<HTMLSelectElement>('Destination folder for Shared thing').value).toBe('saved');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledWith(item, 'saved');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Destination folder for Shared thing'), 'Reading');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenLastCalledWith(item, 'reading');
  });
});

describe('LinkCard: one tab stop, arrow keys inside', () => {
  const link = {
    id: 'l1',
    title: 'Docs',
    url: 'https://docs.example.com',
    icon_url: null,
    created_at: '2025-01-05T12:00:00Z',
    access_count: 7,
    share_count: 2,
  };

  it('Tab passes the card in one stop; arrows, Home and End move between its controls, skipping disabled moves', async () => {
    render(
      <>
        <button type="button">before</button>
        <LinkCard link={link} onOpen={vi.fn()} onDelete={vi.fn()} onMove={vi.fn()} disabledMoves={new Set(['beginning', 'left', 'up'])} />
        <button type="button">after</button>
      </>,
    );
    const card = screen.getByRole('article', { name: 'Docs' });
    expect(card.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    screen.getByRole('button', { name: 'before' }).focus();
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Actions for Docs');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('https://docs.example.com');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Delete link');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Down');
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('End');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Actions for Docs');
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('End');
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('after');
    await userEvent.tab({ shift: true });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('End');
  });
});
