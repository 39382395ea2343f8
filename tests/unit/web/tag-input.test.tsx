// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkExtrasFields, type LinkExtras } from '../../../web/src/components/tags/link-extras-fields.tsx';
import { SearchChips } from '../../../web/src/features/links/search-chips.tsx';

afterEach(cleanup);

function Harness({ known, start = [] }: { known: string[]; start?: string[] }) {
  // One state for the tags, the typed text and the note, as the link form keeps them.
  const [extras, setExtras] = useState<LinkExtras>({ tags: start, draft: '', note: '' });
  return (
    <>
      <LinkExtrasFields value={extras} onChange={setExtras} known={known} tagError={null} noteError={null} />
      <output data-testid="tags">{extras.tags.join('|')}</output>
    </>
  );
}

// userEvent types key by key: slow on a busy 2-core machine.
describe('TagInput (in the link form’s extra fields)', { timeout: 20_000 }, () => {
  it('adds on Enter and comma, keeps an existing tag’s spelling, removes with its button and Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness known={['React']} />);
    const input = screen.getByRole('combobox', { name: 'Tags (optional)' });
    await user.type(input, 'react{Enter}');
    await user.type(input, 'hooks,');
    expect(screen.getByTestId('tags').textContent).toBe('React|hooks');
    await user.click(screen.getByRole('button', { name: 'Remove tag React' }));
    expect(screen.getByTestId('tags').textContent).toBe('hooks');
    await user.type(input, '{Backspace}');
    expect(screen.getByTestId('tags').textContent).toBe('');
  });

  it('suggests the account’s tags; arrows choose and Enter takes', async () => {
    const user = userEvent.setup();
    render(<Harness known={['javascript', 'java', 'rust']} />);
    const input = screen.getByRole('combobox', { name: 'Tags (optional)' });
    await user.type(input, 'ja');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['javascript', 'java']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('tags').textContent).toBe('java');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('refuses a bad name or a duplicate with a readable message, keeping the text', async () => {
    const user = userEvent.setup();
    render(<Harness known={[]} start={['news']} />);
    const input = screen.getByRole('combobox', { name: 'Tags (optional)' });
    await user.type(input, 'say "hi"{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('A tag cannot contain commas or double quotes.');
    expect((input as HTMLInputElement).value).toBe('say "hi"');
    await user.clear(input);
    await user.type(input, 'NEWS{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('"NEWS" is already on this link.');
    expect(screen.getByTestId('tags').textContent).toBe('news');
  });
});

describe('SearchChips', () => {
  it('shows a chip per filter; a click or Delete removes it', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<SearchChips text="react tag:js site:x.org" onChange={(t) => seen.push(t)} />);
    await user.click(screen.getByRole('button', { name: 'Remove filter tag:js' }));
    screen.getByRole('button', { name: 'Remove filter site:x.org' }).focus();
    await user.keyboard('{Delete}');
    expect(seen).toEqual(['react site:x.org', 'react tag:js']);
  });
  it('nothing for plain words', () => {
    const { container } = render(<SearchChips text="react hooks" onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
