// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkForm } from '../../shared/ui/link-form.tsx';
import { NEW_CATEGORY_OPTION } from '../../shared/schemas/link.ts';

afterEach(cleanup);

const categories = [
  { id: 'saved', name: 'Recently Saved Links' },
  { id: 'reading', name: 'Reading' },
];

describe('LinkForm', () => {
  it('shows the spec validation messages on submit and does not call onSubmit', async () => {
    const onSubmit = vi.fn();
    render(<LinkForm categories={categories} defaultCategoryId="saved" onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: 'Add New Link' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('URL is required')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a URL that does not parse, re-validates on change, and submits the normalised URL', async () => {
    const onSubmit = vi.fn();
    render(<LinkForm categories={categories} defaultCategoryId="saved" onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Example');
    await userEvent.type(screen.getByLabelText('URL'), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Please enter a valid URL')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('URL'));
    await userEvent.type(screen.getByLabelText('URL'), 'example.com');
    expect(screen.queryByText('Please enter a valid URL')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ title: 'Example', url: 'https://example.com', categoryId: 'saved' });
    expect(onSubmit.mock.calls[0][1]).toBeNull();
  });

  it("'+ Create new category' reveals 'New Category Name', which is then required", async () => {
    const onSubmit = vi.fn();
    render(<LinkForm categories={categories} defaultCategoryId="saved" onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('New Category Name')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Category'), '+ Create new category');
    expect(screen.getByLabelText('New Category Name')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Title'), 'T');
    await userEvent.type(screen.getByLabelText('URL'), 'https://t.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Category name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New Category Name'), 'Recipes');
    await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ categoryId: NEW_CATEGORY_OPTION, newCategory: 'Recipes' });
  });

  it('refuses a wrong icon type and a file over 5 MB with the spec texts, accepts a PNG', async () => {
    const onSubmit = vi.fn();
    render(<LinkForm categories={categories} onSubmit={onSubmit} />);
    const input = screen.getByLabelText<HTMLInputElement>('Icon (optional)');
    await userEvent.upload(input, new File(['x'], 'x.webp', { type: 'image/webp' }), { applyAccept: false });
    expect(screen.getByRole('alert').textContent).toBe('Invalid file type: Please select a JPG, PNG, or GIF image.');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    expect(screen.getByRole('alert').textContent).toBe('File too large: Please select an image smaller than 5MB.');
    const png = new File(['png'], 'ok.png', { type: 'image/png' });
    await userEvent.upload(input, png);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(screen.getByLabelText('Title'), 'With icon');
    await userEvent.type(screen.getByLabelText('URL'), 'icon.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(onSubmit.mock.calls[0][1]).toBe(png);
  });

  it('edit mode: title, Update Link, busy label, Cancel and delete', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onCancel = vi.fn();
    const onDelete = vi.fn();
    render(
      <LinkForm
        mode="edit"
        categories={categories}
        initialValues={{ title: 'Old', url: 'https://old.example.com', categoryId: 'reading' }}
        onSubmit={onSubmit}
        onCancel={onCancel}
        onDelete={onDelete}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Edit Link' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Update Link' }));
    expect(await screen.findByRole('button', { name: 'Updating link...' })).toBeTruthy();
    finish();
    expect(await screen.findByRole('button', { name: 'Update Link' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete link' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
