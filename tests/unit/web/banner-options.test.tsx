// @vitest-environment jsdom
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { BannerOptionsProvider, useBannerOptions, useBannerOptionsValue } from '../../../web/src/features/header-banner/banner-options.tsx';

// The dashboard adds 'Change background' to the header banner (useBannerOptions). It must be there
// when the page first paints: added after, it moved the banner's other buttons under the pointer.
const noop = () => undefined;

function Header() {
  const { onChangeBackground } = useBannerOptionsValue();
  return <header>{onChangeBackground ? <button type="button">Change background</button> : null}</header>;
}

function Page() {
  useBannerOptions({ onChangeBackground: noop });
  return <main>page</main>;
}

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

describe('banner options (web/src/features/header-banner/banner-options.tsx)', () => {
  it('are in the header in the same commit as the page that sets them, before paint', () => {
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    // A render flushed synchronously: layout effects (and the updates they make) are done when it
    // returns, effects that run after paint are not.
    flushSync(() =>
      root.render(
        <BannerOptionsProvider>
          <Header />
          <Page />
        </BannerOptionsProvider>,
      ),
    );
    expect(container.querySelector('header button')?.textContent).toBe('Change background');
    flushSync(() => root.unmount());
  });
});
