import { describe, expect, it, vi } from 'vitest';
import {
  LINKS_ALARM,
  SavedIndex,
  findCachedLink,
  readLinkCache,
  searchCachedLinks,
  type CachedLink,
} from '../../extension/lib/link-cache.ts';
import { escapeXml, omniboxSuggestions, omniboxTarget } from '../../extension/lib/omnibox.ts';
import { dateFolderName, planSaveAll, saveAllSummary } from '../../extension/lib/save-all-tabs.ts';
import { DEFAULT_ICON, SAVED_ICON } from '../../extension/lib/saved-state.ts';
import { STORAGE_KEYS } from '../../extension/lib/storage-keys.ts';
import { USER_ID, fakeApi, signInFake, startFakeBackground, type ListFn } from './ext-fake.ts';

const link = (n: number, title: string, url: string, tags?: string[]): CachedLink => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title,
  url,
  category_id: 'default',
  second_category_id: null,
  created_at: new Date(2026, 0, 30 - n).toISOString(),
  ...(tags ? { tags } : {}),
});

const LINKS = [
  link(1, 'Crème brûlée recipe', 'https://cooking.example.com/desserts/creme-brulee', ['food']),
  link(2, 'TypeScript handbook', 'https://www.typescriptlang.org/docs/handbook/intro.html'),
  link(3, 'Rust book', 'https://doc.rust-lang.org/book/', ['reading']),
  link(4, '<b>Tags & "quotes"</b>', 'https://example.org/a?x=1&y=2'),
];

describe('search over the cached links (the web app rule)', () => {
  it('empty: the most recent first, as many as asked', () => {
    expect(searchCachedLinks(LINKS, '  ', 2).map((l) => l.title)).toEqual(['Crème brûlée recipe', 'TypeScript handbook']);
  });

  it('words in any order, each a word prefix of the title, URL or a tag; accents folded', () => {
    expect(searchCachedLinks(LINKS, 'creme', 10).map((l) => l.id)).toEqual([LINKS[0].id]);
    expect(searchCachedLinks(LINKS, 'hand type', 10).map((l) => l.id)).toEqual([LINKS[1].id]);
    expect(searchCachedLinks(LINKS, 'readi', 10).map((l) => l.id)).toEqual([LINKS[2].id]);
    // A prefix of a word, not a middle: 'script' is not the start of a word of "TypeScript".
    expect(searchCachedLinks(LINKS, 'script', 10)).toEqual([]);
    expect(searchCachedLinks(LINKS, 'rust nothing', 10)).toEqual([]);
  });

  it('stops at the limit on a 10,000-link library', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => link(i + 10, `Note ${i} about gardening`, `https://garden.example/${i}`));
    expect(searchCachedLinks(many, 'garden', 30)).toHaveLength(30);
    expect(searchCachedLinks(many, 'note 9999', 30).map((l) => l.title)).toEqual(['Note 9999 about gardening']);
  });
});

describe('saved state look-up (the duplicate-URL rule)', () => {
  it('finds a saved page whatever its fragment, root slash or host case; not http vs https or another query', () => {
    const index = new SavedIndex(LINKS);
    expect(index.find('https://DOC.rust-lang.org/book/#chapter-2')?.id).toBe(LINKS[2].id);
    expect(index.find('https://example.org/a?x=1&y=2')?.id).toBe(LINKS[3].id);
    expect(index.find('https://example.org/a?x=2')).toBeNull();
    expect(index.find('http://doc.rust-lang.org/book/')).toBeNull();
    expect(index.find('chrome://extensions')).toBeNull();
    expect(findCachedLink(LINKS, 'https://www.typescriptlang.org/docs/handbook/intro.html#x')?.id).toBe(LINKS[1].id);
    expect(findCachedLink(LINKS, 'about:blank')).toBeNull();
  });
});

describe('omnibox (keyword lv): suggestion logic', () => {
  it("Chrome: XML descriptions with the title escaped and the host dimmed; the content is the link's URL", () => {
    const [suggestion] = omniboxSuggestions(LINKS, 'tags quotes', true);
    expect(suggestion).toEqual({
      content: 'https://example.org/a?x=1&y=2',
      description: '&lt;b&gt;Tags &amp; &quot;quotes&quot;&lt;/b&gt; <dim>— example.org</dim>',
    });
    expect(escapeXml(`a<&>'"`)).toBe('a&lt;&amp;&gt;&apos;&quot;');
  });

  it('Firefox: plain text; nothing typed suggests nothing; at most six', () => {
    expect(omniboxSuggestions(LINKS, 'rust', false)).toEqual([{ content: LINKS[2].url, description: 'Rust book — doc.rust-lang.org' }]);
    expect(omniboxSuggestions(LINKS, ' ', false)).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => link(i + 10, `Guide ${i}`, `https://g.example/${i}`));
    expect(omniboxSuggestions(many, 'guide', true)).toHaveLength(6);
  });

  it('Enter: a chosen suggestion opens its URL, typed words their best match, nothing otherwise', () => {
    expect(omniboxTarget(LINKS, 'https://doc.rust-lang.org/book/')).toBe('https://doc.rust-lang.org/book/');
    expect(omniboxTarget(LINKS, 'handbook')).toBe(LINKS[1].url);
    expect(omniboxTarget(LINKS, 'zzz')).toBeNull();
    expect(omniboxTarget(LINKS, 'javascript:alert(1)')).toBeNull();
  });
});

describe('save all tabs: the plan', () => {
  it('saves each new http(s) page once, skips saved ones, ignores the rest', () => {
    const plan = planSaveAll(
      [
        { id: 1, url: 'https://doc.rust-lang.org/book/#intro', title: 'Rust' },
        { id: 2, url: 'https://news.example/today', title: '  Today’s   news ' },
        { id: 3, url: 'https://news.example/today#top', title: 'Again' },
        { id: 4, url: 'chrome://newtab/' },
        { id: 5, url: 'https://blog.example/posts/first-post' },
      ],
      LINKS,
    );
    expect(plan.toSave).toEqual([
      { url: 'https://news.example/today', title: 'Today’s news', tabIds: [2, 3] },
      { url: 'https://blog.example/posts/first-post', title: 'first post · blog.example', tabIds: [5] },
    ]);
    expect(plan.skipped).toEqual([{ url: 'https://doc.rust-lang.org/book/#intro', tabIds: [1] }]);
    expect(plan.ignored).toBe(1);
  });

  it('names the folder by date, numbered when taken, and reports', () => {
    const day = new Date(2026, 11, 4, 9, 30);
    expect(dateFolderName(day, ['Work'])).toBe('Tabs 2026-12-04');
    expect(dateFolderName(day, ['tabs 2026-12-04', 'Tabs 2026-12-04 (2)'])).toBe('Tabs 2026-12-04 (3)');
    expect(saveAllSummary({ saved: 3, skipped: 1, failed: 0, folder: 'Tabs 2026-12-04' })).toBe(
      'Saved 3 tabs to Tabs 2026-12-04. 1 already saved, skipped.',
    );
    expect(saveAllSummary({ saved: 0, skipped: 2, failed: 1, folder: 'X' })).toBe(
      'No new tabs to save. 2 already saved, skipped. 1 could not be saved.',
    );
  });
});

describe('the worker keeps the cache and the toolbar state', () => {
  it('refreshes the cache on sign-in, keeps an alarm for it, and clears it on sign-out', async () => {
    const api = fakeApi({ listLinks: vi.fn<ListFn>(() => Promise.resolve(LINKS)) });
    const { fake } = startFakeBackground({ api });
    await signInFake();
    await vi.waitFor(async () => expect((await readLinkCache(fake.storage.local, USER_ID))?.links).toHaveLength(4));
    expect(api.listLinks).toHaveBeenCalledWith(USER_ID);
    expect((await fake.alarms.get(LINKS_ALARM))?.periodInMinutes).toBe(15);

    await fake.storage.local.remove(STORAGE_KEYS.session);
    await vi.waitFor(async () => expect((await fake.storage.local.get(STORAGE_KEYS.linksCache))[STORAGE_KEYS.linksCache]).toBeUndefined());
    expect(await fake.alarms.get(LINKS_ALARM)).toBeUndefined();
  });

  it('an unreachable server keeps the cache as it was', async () => {
    const api = fakeApi({ listLinks: vi.fn<ListFn>(() => Promise.resolve(LINKS)) });
    const { app, fake } = startFakeBackground({ api });
    await signInFake();
    await vi.waitFor(async () => expect(await readLinkCache(fake.storage.local, USER_ID)).not.toBeNull());
    api.listLinks.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await app.refreshLinks()).toBeNull();
    expect((await readLinkCache(fake.storage.local, USER_ID))?.links).toHaveLength(4);
  });

  it('a tab switch sets the saved icon from the cache, with no request', async () => {
    const api = fakeApi({ listLinks: vi.fn<ListFn>(() => Promise.resolve(LINKS)) });
    const { app, fake, icons } = startFakeBackground({ api });
    await signInFake();
    await vi.waitFor(async () => expect(await readLinkCache(fake.storage.local, USER_ID)).not.toBeNull());
    const calls = api.listLinks.mock.calls.length;

    const saved = await fake.tabs.create({ url: 'https://doc.rust-lang.org/book/#ch1' });
    const fresh = await fake.tabs.create({ url: 'https://unsaved.example/' });
    await fake.tabs.onActivated.trigger({ tabId: saved.id!, windowId: saved.windowId! });
    await vi.waitFor(() => expect(icons.get(saved.id!)).toEqual(SAVED_ICON));
    expect(await fake.action.getTitle({ tabId: saved.id })).toBe('LinkVault — saved: Rust book');
    expect(await app.checkTab(fresh.id!)).toBeNull();
    expect(icons.get(fresh.id!)).toEqual(DEFAULT_ICON);
    expect(api.listLinks.mock.calls.length).toBe(calls);
  });

  it('a save from the menu or shortcut puts the link in the cache at once', async () => {
    const { app, fake } = startFakeBackground();
    await signInFake();
    const result = await app.saveFromBackground({ url: 'https://new.example/page', title: 'New page', source: 'shortcut' });
    expect(result.status).toBe('saved');
    const cache = await readLinkCache(fake.storage.local, USER_ID);
    expect(cache?.links[0]).toMatchObject({ title: 'New page', url: 'https://new.example/page' });
  });

  it('omnibox: suggests from the cache and opens the choice (new tab, or this tab)', async () => {
    const api = fakeApi({ listLinks: vi.fn<ListFn>(() => Promise.resolve(LINKS)) });
    const { app, fake, omnibox } = startFakeBackground({ api, omniboxXml: false });
    await signInFake();
    await vi.waitFor(async () => expect(await readLinkCache(fake.storage.local, USER_ID)).not.toBeNull());
    const suggest = vi.fn();
    await omnibox.onInputChanged.trigger('rust', suggest as never);
    expect(suggest).toHaveBeenCalledWith([{ content: LINKS[2].url, description: 'Rust book — doc.rust-lang.org' }]);

    expect(await app.openFromOmnibox('handbook', 'newForegroundTab')).toBe(LINKS[1].url);
    expect((await fake.tabs.query({})).map((tab) => tab.url)).toContain(LINKS[1].url);
    // No match: the dashboard's search for the words.
    expect(await app.openFromOmnibox('no such words', 'newBackgroundTab')).toMatch(/\/dashboard\?q=no%20such%20words$/);
  });
});
