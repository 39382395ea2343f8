// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkCard } from '../../shared/ui/link-card.tsx';
import { shareOffReason } from '../../web/src/components/share-link/use-share-off.ts';

/** The card's menu mounts on first use (it is off the first load) and greys out Share Link while sharing is off. */

afterEach(cleanup);

const link = {
  id: 'l1',
  title: 'Docs',
  url: 'https://docs.example.com',
  icon_url: null,
  created_at: '2025-01-05T12:00:00Z',
  access_count: 0,
  share_count: 0,
};

describe('LinkCard menu', () => {
  it('is a plain button until used; the keyboard opens it, Escape closes it and focus goes back to the trigger', async () => {
    render(<LinkCard link={link} onOpen={vi.fn()} onShare={vi.fn()} onEdit={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.queryByRole('menu')).toBeNull();
    const trigger = screen.getByRole('button', { name: 'Actions for Docs' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Edit Link' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Actions for Docs'));
  });

  it('closes when the card is reused for another link (a grid keyed by slot): its items would act on that link', async () => {
    const onDelete = vi.fn();
    const view = render(<LinkCard link={link} onOpen={vi.fn()} onDelete={onDelete} />);
    screen.getByRole('button', { name: 'Actions for Docs' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Delete Link' })).toBeTruthy();
    const other = { ...link, id: 'l2', title: 'Blog', url: 'https://blog.example.com' };
    view.rerender(<LinkCard link={other} onOpen={vi.fn()} onDelete={onDelete} />);
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Actions for Blog' })).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('a click opens it and a choice runs the action', async () => {
    const onEdit = vi.fn();
    render(<LinkCard link={link} onOpen={vi.fn()} onEdit={onEdit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Docs' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit Link' }));
    expect(onEdit).toHaveBeenCalledWith(link);
  });

  it('while sharing is off, Share Link is disabled with the reason and does nothing', async () => {
    const onShare = vi.fn();
    const reason = shareOffReason({ sharing_disabled: true, deactivated_at: null })!;
    render(<LinkCard link={link} onOpen={vi.fn()} onShare={onShare} shareOff={reason} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Docs' }));
    const item = await screen.findByRole('menuitem', { name: /Share Link/ });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(item.textContent).toContain('Sharing is turned off');
    await userEvent.click(item);
    expect(onShare).not.toHaveBeenCalled();
  });

  it('says why sharing is off, deactivation first', () => {
    expect(shareOffReason(undefined)).toBeUndefined();
    expect(shareOffReason({ sharing_disabled: false, deactivated_at: null })).toBeUndefined();
    expect(shareOffReason({ sharing_disabled: true, deactivated_at: '2026-01-01T00:00:00Z' })).toMatch(/deactivated/);
  });

  it('the delete button has its tooltip without a Radix tree', () => {
    render(<LinkCard link={link} onOpen={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Delete link' })).toBeTruthy();
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe('Delete link');
  });

  it("leaves the reorder bar out while moveBarLater (a first screen), unless it stands beside the card's own controls", () => {
    const view = render(<LinkCard link={link} onOpen={vi.fn()} onMove={vi.fn()} moveBarLater />);
    expect(screen.queryByRole('group', { name: 'Move Docs' })).toBeNull();
    view.rerender(<LinkCard link={link} onOpen={vi.fn()} onMove={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Move Docs' })).toBeTruthy();
    view.rerender(
      <LinkCard link={link} onOpen={vi.fn()} onMove={vi.fn()} moveBarLater ownControls={<button type="button">Approve</button>} />,
    );
    expect(screen.getByRole('group', { name: 'Move Docs' })).toBeTruthy();
  });
});
