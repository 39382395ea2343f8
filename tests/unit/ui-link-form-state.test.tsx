// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkForm } from '../../shared/ui/link-form.tsx';

/** The add form keeps honest state: the select never shows blank, and the form says what a save will do. */

afterEach(cleanup);

const base = [
  { id: 'saved', name: 'Recently Saved Links' },
  { id: 'reading', name: 'Reading' },
];

const select = () => screen.getByLabelText<HTMLSelectElement>('Category');

describe('LinkForm: honest state', () => {
  it('folders that load after the first render: the select shows the default, never blank', async () => {
    const { rerender } = render(<LinkForm categories={[]} onSubmit={vi.fn()} />);
    rerender(<LinkForm categories={base} defaultCategoryId="saved" onSubmit={vi.fn()} />);
    await waitFor(() => expect(select().value).toBe('saved'));
    expect(select().selectedIndex).toBe(0);
  });

  it('after creating a folder inline it stays selected (once it is listed) and the form says so', async () => {
    const onSubmit = vi.fn(() => Promise.resolve({ categoryId: 'recipes', categoryCreated: true }));
    const { rerender } = render(<LinkForm categories={base} defaultCategoryId="saved" onSubmit={onSubmit} />);
    await userEvent.selectOptions(select(), '+ Create new category');
    await userEvent.type(screen.getByLabelText('New Category Name'), 'Recipes');
    await userEvent.type(screen.getByLabelText('Title'), 'Soup');
    await userEvent.type(screen.getByLabelText('URL'), 'https://soup.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('New category "Recipes" created and selected for your next link.')).toBeTruthy();
    // The folder list refreshes with the new folder: the select shows it.
    rerender(<LinkForm categories={[...base, { id: 'recipes', name: 'Recipes' }]} defaultCategoryId="saved" onSubmit={onSubmit} />);
    await waitFor(() => expect(select().value).toBe('recipes'));
    expect(select().selectedOptions[0].textContent).toContain('Recipes');
  });

  it('after adding to a folder, the select keeps that folder (not blank)', async () => {
    const onSubmit = vi.fn(() => Promise.resolve({ categoryId: 'reading' }));
    render(<LinkForm categories={base} defaultCategoryId="saved" onSubmit={onSubmit} />);
    await userEvent.selectOptions(select(), 'reading');
    await userEvent.type(screen.getByLabelText('Title'), 'A');
    await userEvent.type(screen.getByLabelText('URL'), 'https://a.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe(''));
    expect(select().value).toBe('reading');
  });

  it('a URL already saved: the form says that saving updates it, before submit', async () => {
    const findExisting = (url: string) => (url.includes('dup.example') ? { created_at: '2026-03-04T10:00:00Z' } : null);
    render(<LinkForm categories={base} defaultCategoryId="saved" onSubmit={vi.fn()} findExisting={findExisting} />);
    await userEvent.type(screen.getByLabelText('URL'), 'https://new.example');
    expect(screen.queryByTestId('existing-link-notice')).toBeNull();
    await userEvent.clear(screen.getByLabelText('URL'));
    await userEvent.type(screen.getByLabelText('URL'), 'https://dup.example');
    expect(screen.getByTestId('existing-link-notice').textContent).toMatch(/^You saved this link on .+; saving updates it\.$/);
  });
});
