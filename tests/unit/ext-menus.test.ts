import { describe, expect, it } from 'vitest';
import { MENU_IDS, MENU_ITEMS, buildMenus, targetFromMenuClick, targetFromTab } from '../../extension/lib/menus.ts';
import { firstUrlIn, titleFromUrl } from '../../extension/lib/title-from-url.ts';
import { makeFakeBrowser, signInFake, startFakeBackground } from './ext-fake.ts';

describe('context menus', () => {
  it('has one item per context with the spec wording', () => {
    expect(MENU_ITEMS.map((item) => [item.title, item.contexts])).toEqual([
      ['Save link to LinkVault', ['link']],
      ['Save page to LinkVault', ['page']],
      ['Save image to LinkVault', ['image']],
      ['Save selected link to LinkVault', ['selection']],
    ]);
  });

  it('buildMenus removes everything first, then creates each item', async () => {
    const { browser, calls } = makeFakeBrowser();
    await buildMenus(browser.contextMenus);
    expect(calls).toEqual(['removeAll', ...MENU_ITEMS.map((item) => `create:${item.id}`)]);
  });

  it('the worker builds no menus at start-up, only on install and browser start', async () => {
    const { fake, calls } = startFakeBackground();
    expect(calls).toEqual([]);
    await fake.runtime.onInstalled.trigger({ reason: 'install' } as never);
    expect(calls).toEqual(['removeAll', ...MENU_ITEMS.map((item) => `create:${item.id}`)]);
    calls.length = 0;
    await fake.runtime.onStartup.trigger();
    expect(calls[0]).toBe('removeAll');
    expect(calls.filter((call) => call.startsWith('create:'))).toHaveLength(MENU_ITEMS.length);
  });
});

describe('what a menu click saves', () => {
  const tab = { id: 3, url: 'https://news.example.com/today', title: 'Today’s news' };

  it("'Save link' saves info.linkUrl, titled by Firefox's linkText, the selection, or the URL — never the page", () => {
    const base = { menuItemId: MENU_IDS.link, linkUrl: 'https://example.org/docs/getting-started', pageUrl: tab.url };
    expect(targetFromMenuClick(base, tab)).toEqual({ url: base.linkUrl, title: 'getting started · example.org', source: 'link' });
    expect(targetFromMenuClick({ ...base, selectionText: '  Read   the guide ' }, tab)?.title).toBe('Read the guide');
    expect(targetFromMenuClick({ ...base, linkText: 'Getting started', selectionText: 'x' }, tab)?.title).toBe('Getting started');
    expect(targetFromMenuClick({ menuItemId: MENU_IDS.link }, tab)).toBeNull();
  });

  it("'Save page' saves the page with the tab's title", () => {
    expect(targetFromMenuClick({ menuItemId: MENU_IDS.page, pageUrl: tab.url }, tab)).toEqual({
      url: tab.url,
      title: 'Today’s news',
      source: 'page',
    });
    // A frame's page: its URL, and a title from that URL rather than the top page's.
    expect(targetFromMenuClick({ menuItemId: MENU_IDS.page, pageUrl: 'https://frame.example.net/embed/player' }, tab)?.title).toBe(
      'player · frame.example.net',
    );
  });

  it("'Save image' saves the image's URL; 'Save selected link' the first URL in the selection", () => {
    expect(targetFromMenuClick({ menuItemId: MENU_IDS.image, srcUrl: 'https://cdn.example.com/img/sunset_at-sea.jpg' }, tab)).toEqual({
      url: 'https://cdn.example.com/img/sunset_at-sea.jpg',
      title: 'sunset at sea.jpg · cdn.example.com',
      source: 'image',
    });
    expect(
      targetFromMenuClick({ menuItemId: MENU_IDS.selection, selectionText: 'Great talk: https://talks.example.com/rust-2025.' }, tab),
    ).toEqual({
      url: 'https://talks.example.com/rust-2025',
      title: 'Great talk:',
      source: 'selection',
    });
    expect(targetFromMenuClick({ menuItemId: MENU_IDS.selection, selectionText: 'see www.example.com/a' }, tab)?.url).toBe(
      'https://www.example.com/a',
    );
    expect(targetFromMenuClick({ menuItemId: MENU_IDS.selection, selectionText: 'no address here' }, tab)).toBeNull();
    expect(targetFromMenuClick({ menuItemId: 'someone-else' }, tab)).toBeNull();
  });

  it('titles from URLs and URLs from text', () => {
    expect(titleFromUrl('https://www.example.com/')).toBe('example.com');
    expect(titleFromUrl('https://www.example.com/blog/my-first-post.html?x=1')).toBe('my first post · example.com');
    expect(titleFromUrl('https://example.com/caf%C3%A9')).toBe('café · example.com');
    expect(titleFromUrl('not a url')).toBe('not a url');
    expect(firstUrlIn('(https://example.com/x), and more')).toBe('https://example.com/x');
    expect(firstUrlIn(undefined)).toBeNull();
    expect(targetFromTab({ url: 'https://a.example/' }, 'shortcut')).toEqual({
      url: 'https://a.example/',
      title: 'a.example',
      source: 'shortcut',
    });
    expect(targetFromTab({}, 'shortcut')).toBeNull();
  });
});

describe('menu clicks and the shortcut in the worker', () => {
  it('a click on a link saves that link through the data layer and flashes ✓', async () => {
    const { app, api, contextMenus, fake } = startFakeBackground();
    await signInFake();
    await contextMenus.onClicked.trigger(
      { menuItemId: MENU_IDS.link, linkUrl: 'example.org/x', selectionText: 'An example' } as never,
      { id: 1, url: 'https://page.example/', title: 'Page' } as never,
    );
    expect(api.save).toHaveBeenCalledWith(
      { title: 'An example', url: 'https://example.org/x', categoryId: undefined, newCategory: undefined, description: undefined },
      { title: 'An example', favicon_url: null }, // preview hints (a link has no favicon of its own)
    );
    expect(await fake.action.getBadgeText({})).toBe('✓');
    expect(app).toBeDefined();
  });

  it('signed out: nothing is saved, the badge says ! and the title says why', async () => {
    const { api, contextMenus, fake } = startFakeBackground();
    await contextMenus.onClicked.trigger({ menuItemId: MENU_IDS.page, pageUrl: 'https://page.example/' } as never, { id: 1 } as never);
    expect(api.save).not.toHaveBeenCalled();
    expect(await fake.action.getBadgeText({})).toBe('!');
    expect(await fake.action.getTitle({})).toBe('LinkVault: You must be logged in to add links.');
  });

  it('a page that is not http(s) is refused with the link form message', async () => {
    const { api, contextMenus, fake } = startFakeBackground();
    await signInFake();
    await contextMenus.onClicked.trigger(
      { menuItemId: MENU_IDS.page, pageUrl: 'chrome://settings/' } as never,
      { id: 1, url: 'chrome://settings/' } as never,
    );
    expect(api.save).not.toHaveBeenCalled();
    expect(await fake.action.getTitle({})).toBe('LinkVault: Please enter a valid URL');
  });

  it('the keyboard shortcut saves the current tab without the popup', async () => {
    const { api, commands } = startFakeBackground();
    await signInFake();
    await commands.onCommand.trigger('save-current-tab', {
      id: 9,
      url: 'https://docs.example.com/guide',
      title: 'The Guide',
      favIconUrl: 'https://docs.example.com/icon.png',
    } as never);
    // The tab's title and favicon go to the server as preview hints (no extra permission)
    expect(api.save).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://docs.example.com/guide', title: 'The Guide' }), {
      title: 'The Guide',
      favicon_url: 'https://docs.example.com/icon.png',
    });
    await commands.onCommand.trigger('something-else');
    expect(api.save).toHaveBeenCalledTimes(1);
  });
});
