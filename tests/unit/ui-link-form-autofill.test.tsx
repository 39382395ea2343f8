// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LinkForm, previewableUrl } from '../../shared/ui/link-form.tsx';

// The autofill waits for a pause after the last keystroke (a debounce): fake timers step over it,
// so these tests never depend on how fast this machine runs.
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lets `ms` of fake time pass (the debounce's timer fires in it), then settles promises and renders. */
const pass = async (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
/** Longer than the form's pause after the last keystroke. */
const PAUSE = 400;

const categories = [{ id: 'saved', name: 'Recently Saved Links' }];
const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label);

/** The link form's autofill from the server's preview. */
describe('LinkForm autofill', () => {
  it('fills an empty Title and Description once for the pasted URL', async () => {
    const fetchPreview = vi.fn(() => Promise.resolve({ title: 'Page Title', description: 'Page description' }));
    render(<LinkForm categories={categories} defaultCategoryId="saved" onSubmit={vi.fn()} fetchPreview={fetchPreview} />);
    fireEvent.change(field('URL'), { target: { value: 'example.com/page' } });
    await pass(PAUSE);
    expect(field('Title').value).toBe('Page Title');
    expect(field('Description (optional)').value).toBe('Page description');
    expect(fetchPreview).toHaveBeenCalledTimes(1);
    expect(fetchPreview).toHaveBeenCalledWith('https://example.com/page');
  });

  it('never overwrites typed text, even when the user types while the answer is on its way', async () => {
    let answer!: (v: { title: string; description: string }) => void;
    const fetchPreview = vi.fn(() => new Promise<{ title: string; description: string }>((resolve) => (answer = resolve)));
    render(<LinkForm categories={categories} defaultCategoryId="saved" onSubmit={vi.fn()} fetchPreview={fetchPreview} />);
    fireEvent.change(field('URL'), { target: { value: 'https://example.com/' } });
    await pass(PAUSE);
    expect(fetchPreview).toHaveBeenCalledTimes(1);
    fireEvent.change(field('Title'), { target: { value: 'Mine' } });
    answer({ title: 'Theirs', description: 'Filled' });
    await pass(0);
    expect(field('Description (optional)').value).toBe('Filled');
    expect(field('Title').value).toBe('Mine');
  });

  it('drops an answer for a URL that is no longer in the field; a failure changes nothing', async () => {
    const answers: Array<(v: { title: string; description: null } | null) => void> = [];
    const fetchPreview = vi.fn(() => new Promise<{ title: string; description: null } | null>((resolve) => answers.push(resolve)));
    render(<LinkForm categories={categories} defaultCategoryId="saved" onSubmit={vi.fn()} fetchPreview={fetchPreview} />);
    fireEvent.change(field('URL'), { target: { value: 'https://one.example/' } });
    await pass(PAUSE);
    expect(fetchPreview).toHaveBeenCalledTimes(1);
    fireEvent.change(field('URL'), { target: { value: 'https://two.example/' } });
    await pass(PAUSE);
    expect(fetchPreview).toHaveBeenCalledTimes(2);
    answers[0]({ title: 'Stale', description: null });
    await pass(0);
    expect(field('Title').value).toBe('');
    answers[1](null);
    await pass(0);
    expect(field('Title').value).toBe('');
  });

  it('asks only for URLs worth it (not half-typed hosts, not in edit mode)', async () => {
    expect(previewableUrl('exa')).toBeNull();
    expect(previewableUrl('javascript:alert(1)')).toBeNull();
    expect(previewableUrl('example.com')).toBe('https://example.com');
    const fetchPreview = vi.fn(() => Promise.resolve(null));
    render(
      <LinkForm
        mode="edit"
        initialValues={{ title: 'T', url: 'https://example.com' }}
        categories={categories}
        onSubmit={vi.fn()}
        fetchPreview={fetchPreview}
      />,
    );
    await pass(PAUSE);
    expect(fetchPreview).not.toHaveBeenCalled();
  });

  it('asks nothing when it could fill nothing (Title and Description typed) or while the link is being saved', async () => {
    const fetchPreview = vi.fn(() => Promise.resolve({ title: 'Page Title', description: 'Page description' }));
    const { unmount } = render(
      <LinkForm categories={categories} defaultCategoryId="saved" onSubmit={vi.fn()} fetchPreview={fetchPreview} />,
    );
    fireEvent.change(field('Title'), { target: { value: 'Mine' } });
    fireEvent.change(field('Description (optional)'), { target: { value: 'My words' } });
    fireEvent.change(field('URL'), { target: { value: 'https://example.com/typed' } });
    await pass(PAUSE);
    expect(fetchPreview).not.toHaveBeenCalled();
    // Control: with the Description empty again, the next URL is asked for.
    fireEvent.change(field('Description (optional)'), { target: { value: '' } });
    fireEvent.change(field('URL'), { target: { value: 'https://example.com/other' } });
    await pass(PAUSE);
    expect(fetchPreview).toHaveBeenCalledTimes(1);
    unmount();

    // Saving: the submit is under way before the pause ends; the save asks for the preview itself.
    let finishSave!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finishSave = resolve)));
    const saving = vi.fn(() => Promise.resolve(null));
    render(<LinkForm categories={categories} defaultCategoryId="saved" onSubmit={onSubmit} fetchPreview={saving} />);
    fireEvent.change(field('Title'), { target: { value: 'Mine' } });
    fireEvent.change(field('URL'), { target: { value: 'https://example.com/saving' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    // The form's checks load on first use (a real download, not a timer): wait for the submit itself.
    await act(() => vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1)));
    await pass(PAUSE);
    expect(saving).not.toHaveBeenCalled();
    finishSave();
    await pass(0);
    expect(field('URL').value).toBe('');
  });
});
