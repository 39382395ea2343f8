import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createSupabaseClient } from '../../../shared/data/client.ts';
import { getFolder } from '../../../shared/data/categories/folder.ts';
import { EARLY_RPC_MAX_AGE_MS, fetchWithEarlyRpcs } from '../../../shared/data/early-rpc-fetch.ts';
import { clearEarlyRpcs, earlyAnswersIn, startEarlyRpcs } from '../../../shared/data/early-rpc.ts';
import { FOLDER_FIRST_SCREEN, listFolderLinks, listLinks } from '../../../shared/data/links/api.ts';
import { listCategories } from '../../../shared/data/categories/api.ts';
import { earlyCallsFor } from '../../../web/src/app/route-preload.ts';

/**
 * First load of a big account: the entry module starts a page's big reads with fetch before
 * supabase-js has downloaded, and supabase-js's own identical request takes that answer. These check
 * that the early requests are exactly the data layer's (else they would be wasted), and that an early
 * answer is used once, only with the same token, only while fresh, and never when it failed.
 */
const URL_BASE = 'http://127.0.0.1:9';
const ANON = 'anon-key';
const USER = '00000000-0000-4000-8000-000000000001';
const FOLDER = '00000000-0000-4000-8000-0000000000f1';

let early: Array<{ url: string; init: RequestInit }> = [];
let network: string[] = [];
let earlyAnswer: (url: string) => Promise<Response> = () => Promise.resolve(json([]));
let clock = 1_000_000;
const now = () => clock;

/**
 * A link as the list RPCs send it (its values, no keys), titled after where the answer came from:
 * list_folder_links's 13 values (description last), of which list_links's reader takes the first 12.
 */
const linkValues = (title: string) => [
  USER,
  title,
  'https://example.com/',
  null,
  0,
  0,
  '2026-01-01T00:00:00+00:00',
  '2026-01-01T00:00:00+00:00',
  null,
  null,
  null,
  null,
  null,
];
const titles = (links: Array<{ title: string }>) => links.map((l) => l.title);
/** A folder as the categories read sends it, named after where the answer came from. */
const folderRow = (name: string) => ({
  id: FOLDER,
  user_id: USER,
  name,
  is_default: false,
  is_template: false,
  icon_url: null,
  parent_category_id: null,
  display_order: 0,
  ai_enhanced: false,
  system_key: null,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The URL a fetch was called with, whichever form it came in. */
const urlOf = (input: RequestInfo | URL) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
/** The JSON body of a request made with a string body (what the early requests send). */
const bodyOf = (init: RequestInit): unknown => {
  if (typeof init.body !== 'string') throw new Error(`expected a string body, got ${typeof init.body}`);
  return JSON.parse(init.body);
};

/** Without a stored session supabase-js sends the anon key as its bearer token: ANON plays the session's token. */
function clientWith() {
  return createSupabaseClient({
    url: URL_BASE,
    anonKey: ANON,
    storage: createMemoryStorage(),
    fetch: fetchWithEarlyRpcs((input) => {
      const url = urlOf(input).replace(URL_BASE, '');
      network.push(url);
      return Promise.resolve(json(url.startsWith('/rest/v1/categories?') ? [folderRow('network')] : [linkValues('network')]));
    }, now),
  });
}

beforeEach(() => {
  early = [];
  network = [];
  clock = 1_000_000;
  earlyAnswer = (url) =>
    Promise.resolve(
      json(
        url.endsWith('/get_folder')
          ? { folder: folderRow('early'), ancestors: [], link_count: 1, subfolders: [] }
          : url.includes('/rest/v1/categories?')
            ? [folderRow('early')]
            : [linkValues('early')],
      ),
    );
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    early.push({ url: input, init });
    return earlyAnswer(input);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearEarlyRpcs();
});

describe('early RPCs of a first load', () => {
  it("the dashboard's two reads (links and folders) are the data layer's own requests, answered once without a second request", async () => {
    startEarlyRpcs({ url: URL_BASE, anonKey: ANON }, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    expect(early).toHaveLength(2);
    expect(early[0].url).toBe(`${URL_BASE}/rest/v1/rpc/list_links`);
    expect(early[0].init.method).toBe('POST');
    expect(early[0].init.headers).toMatchObject({ apikey: ANON, Authorization: `Bearer ${ANON}` });
    expect(early[1].url.startsWith(`${URL_BASE}/rest/v1/categories?select=`)).toBe(true);
    expect(early[1].init.method).toBe('GET');
    expect(early[1].init.headers).toMatchObject({ apikey: ANON, Authorization: `Bearer ${ANON}` });
    const client = clientWith();
    expect(titles(await listLinks(client, USER))).toEqual(['early']);
    expect((await listCategories(client, USER)).map((c) => c.name)).toEqual(['early']);
    expect(network).toEqual([]);
    // Used once: the next reads ask the server.
    expect(titles(await listLinks(client, USER))).toEqual(['network']);
    expect((await listCategories(client, USER)).map((c) => c.name)).toEqual(['network']);
    expect(network).toEqual(['/rest/v1/rpc/list_links', early[1].url.replace(URL_BASE, '')]);
  });

  it('an early table read answers only a GET of the very same URL', async () => {
    startEarlyRpcs({ url: URL_BASE, anonKey: ANON }, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    const client = clientWith();
    // Same table, another filter or order: not the early read.
    await client.from('categories').select('id').eq('user_id', USER);
    await client.from('categories').select('id,name').eq('user_id', USER).eq('is_template', false).order('name');
    expect(network).toHaveLength(2);
    // A write to the same URL is never answered with the read.
    await fetchWithEarlyRpcs((input) => {
      network.push(`POST ${urlOf(input).replace(URL_BASE, '')}`);
      return Promise.resolve(json([]));
    }, now)(early[1].url, { method: 'POST', headers: { Authorization: `Bearer ${ANON}` }, body: '{}' });
    expect(network[2]).toBe(`POST ${early[1].url.replace(URL_BASE, '')}`);
    expect((await listCategories(client, USER)).map((c) => c.name)).toEqual(['early']);
  });

  it("a folder's two reads (the folder and its first screen's links) are both answered early", async () => {
    startEarlyRpcs({ url: URL_BASE, anonKey: ANON }, ANON, earlyCallsFor({ folderId: FOLDER }, USER), now);
    const client = clientWith();
    const [folder, links] = await Promise.all([getFolder(client, FOLDER), listFolderLinks(client, USER, FOLDER, FOLDER_FIRST_SCREEN)]);
    expect(folder).toMatchObject({ folder: { id: FOLDER, name: 'early' } });
    expect(titles(links)).toEqual(['early']);
    expect(network).toEqual([]);
  });

  it('a folder remembered in another sort than Newest asks for its whole list from the start', async () => {
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'linkvault.folder.sort' ? 'alphabetical' : null) });
    startEarlyRpcs({ url: URL_BASE, anonKey: ANON }, ANON, earlyCallsFor({ folderId: FOLDER }, USER), now);
    expect(early.map((r) => [r.url.replace(URL_BASE, ''), bodyOf(r.init)])).toEqual([
      ['/rest/v1/rpc/get_folder', { folder_id: FOLDER }],
      ['/rest/v1/rpc/list_folder_links', { p_user_id: USER, p_category_id: FOLDER }],
    ]);
    const client = clientWith();
    expect(titles(await listFolderLinks(client, USER, FOLDER))).toEqual(['early']);
    expect(network).toEqual([]);
  });

  it('another user, another token, a stale answer, a failed or refused request: asked again', async () => {
    const endpoint = { url: URL_BASE, anonKey: ANON };
    const client = clientWith();

    startEarlyRpcs(endpoint, ANON, earlyCallsFor({ dashboard: true }, '00000000-0000-4000-8000-000000000002'), now);
    expect(titles(await listLinks(client, USER))).toEqual(['network']); // other body: not a match

    startEarlyRpcs(endpoint, 'another-token', earlyCallsFor({ dashboard: true }, USER), now);
    expect(titles(await listLinks(client, USER))).toEqual(['network']);

    startEarlyRpcs(endpoint, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    clock += EARLY_RPC_MAX_AGE_MS + 1;
    expect(titles(await listLinks(client, USER))).toEqual(['network']);

    earlyAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    startEarlyRpcs(endpoint, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    expect(titles(await listLinks(client, USER))).toEqual(['network']);

    earlyAnswer = () => Promise.resolve(json({ code: 'PGRST301', message: 'JWT expired' }, 401));
    startEarlyRpcs(endpoint, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    expect(titles(await listLinks(client, USER))).toEqual(['network']);

    expect(network).toHaveLength(5);
  });

  it('leaves every other request alone', async () => {
    startEarlyRpcs({ url: URL_BASE, anonKey: ANON }, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    const client = clientWith();
    await client.from('links').select('id').eq('user_id', USER);
    await client.rpc('list_links', { p_user_id: USER, extra: 1 });
    expect(network).toEqual([`/rest/v1/links?select=id&user_id=eq.${USER}`, '/rest/v1/rpc/list_links']);
    // The early answer is still there for the real call.
    expect(titles(await listLinks(client, USER))).toEqual(['early']);
  });

  it('waits for what it is given as well (the queries that read the answers), still at the latest after the wait given', async () => {
    earlyAnswer = () => Promise.resolve(json([linkValues('early')]));
    startEarlyRpcs({ url: URL_BASE, anonKey: ANON }, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    let release = () => {};
    const queries = new Promise<void>((resolve) => (release = resolve));
    let done = false;
    void earlyAnswersIn(60_000, queries)!.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    release();
    await vi.waitFor(() => expect(done).toBe(true));
    clearEarlyRpcs();
    startEarlyRpcs({ url: URL_BASE, anonKey: ANON }, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    let capped = false;
    void earlyAnswersIn(30, new Promise(() => {}))!.then(() => (capped = true));
    await vi.waitFor(() => expect(capped).toBe(true));
  });

  it('tells when the early answers are in (read to their end), at the latest after the wait given; nothing to wait for without them', async () => {
    expect(earlyAnswersIn(1000)).toBeNull();
    const sends = new Map<string, (response: Response) => void>();
    earlyAnswer = (url) => new Promise((resolve) => sends.set(url, resolve));
    startEarlyRpcs({ url: URL_BASE, anonKey: ANON }, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    let done = false;
    void earlyAnswersIn(60_000)!.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    const [linksUrl, foldersUrl] = [...sends.keys()];
    sends.get(linksUrl)!(json([linkValues('early')]));
    // Every early answer counts: the links alone are not enough.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    sends.get(foldersUrl)!(json([folderRow('early')]));
    await vi.waitFor(() => expect(done).toBe(true));
    // The answer was read to its end and is still whole for the data layer.
    expect(titles(await listLinks(clientWith(), USER))).toEqual(['early']);

    // An answer that never comes holds nobody longer than the wait given: the wait is a timer, stepped
    // over with fake timers (so the check does not depend on how busy the machine is).
    earlyAnswer = () => new Promise(() => undefined);
    startEarlyRpcs({ url: URL_BASE, anonKey: ANON }, ANON, earlyCallsFor({ dashboard: true }, USER), now);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let capped = false;
    void earlyAnswersIn(50)!.then(() => (capped = true));
    await vi.advanceTimersByTimeAsync(49);
    expect(capped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(capped).toBe(true);
  });
});
