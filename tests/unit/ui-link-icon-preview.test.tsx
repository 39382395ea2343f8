// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkIcon } from '../../shared/ui/link-icon.tsx';

afterEach(cleanup);

/** Uploaded icon > stored favicon > letter, with fallbacks when an image breaks. */
describe('LinkIcon with a stored favicon', () => {
  const base = { url: 'https://example.com', title: 'Example' };
  it('shows the favicon instead of the letter', () => {
    const { container } = render(
      <LinkIcon {...base} iconUrl={null} faviconUrl="https://api.test/storage/v1/object/public/link-previews/u/l/favicon.png" />,
    );
    expect(container.querySelector('img')?.getAttribute('data-icon')).toBe('favicon');
    // Requested as soon as it is in the page: the grids are virtualised, and a lazy image waits a frame or more.
    expect(container.querySelector('img')?.hasAttribute('loading')).toBe(false);
  });
  it('an uploaded icon still wins; when it breaks the favicon shows, then the letter', () => {
    const { container } = render(<LinkIcon {...base} iconUrl="https://api.test/up.png" faviconUrl="https://api.test/fav.png" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://api.test/up.png');
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://api.test/fav.png');
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-icon="letter"]')?.textContent).toBe('E');
  });
  it('a card reused for another link gets a new image element, never the old picture with a new source; a letter is updated in place', () => {
    const { container, rerender } = render(<LinkIcon {...base} iconUrl="https://api.test/a.png" />);
    const first = container.querySelector('img');
    rerender(<LinkIcon {...base} iconUrl="https://api.test/b.png" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://api.test/b.png');
    expect(container.querySelector('img')).not.toBe(first);

    rerender(<LinkIcon url="https://one.test" title="One" iconUrl={null} />);
    const letter = container.querySelector('[data-icon="letter"]');
    rerender(<LinkIcon url="https://two.test" title="Two" iconUrl={null} />);
    expect(container.querySelector('[data-icon="letter"]')).toBe(letter);
    expect(letter?.textContent).toBe('T');
  });
  it('never renders a non-http(s) favicon', () => {
    const { container } = render(<LinkIcon {...base} iconUrl={null} faviconUrl="javascript:alert(1)" />);
    expect(container.querySelector('img')).toBeNull();
  });
});
