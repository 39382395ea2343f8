import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai.ts';
import { callFunction, setFunctionEnv } from '../functions/helpers.ts';
import { aiStatus } from '../../shared/data/ai/api.ts';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { createCategory, openDashboard, savedCategoryId, seedLinks } from './dashboard-helpers.ts';
import { expectToast, launchChromium, type ContextOptions } from './web-browser.ts';

/**
 * The dashboard's AI Link Discovery card against the ai-chat function and a fake
 * OpenAI-compatible server (the outside world), plus the footer banner and the debug panel's gate.
 */

let browser: Browser;
let openai: FakeOpenAi;
const contexts: BrowserContext[] = [];
const WAIT = 20_000;

const SUGGESTIONS = [
  {
    title: 'The Perfect Loaf',
    url: 'https://www.theperfectloaf.com/',
    description: 'Sourdough guides.',
    category: 'Baking',
    reasoning: 'You save bread recipes.',
  },
  {
    title: 'King Arthur Baking',
    url: 'https://www.kingarthurbaking.com/recipes',
    description: 'Tested recipes.',
    category: 'recipes',
    reasoning: 'Trusted source.',
  },
  {
    title: 'Serious Eats',
    url: 'https://www.seriouseats.com/',
    description: 'Food science.',
    category: 'Food Science',
    reasoning: 'Deep dives.',
  },
  {
    title: 'Bread Code',
    url: 'https://www.youtube.com/@breadcode',
    description: 'Videos.',
    category: 'Baking',
    reasoning: 'Visual learner.',
  },
  { title: 'Maurizio', url: 'https://example.com/maurizio', description: 'Blog.', category: 'Baking', reasoning: 'More of the same.' },
];

const useFake = () => setFunctionEnv('ai-chat', { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseUrl });

beforeAll(async () => {
  browser = await launchChromium();
  openai = await startFakeOpenAi();
  await useFake();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await setFunctionEnv('ai-chat', {}).catch(() => undefined);
  await openai?.close();
});

async function dashboard(opts: ContextOptions & { user?: ConfirmedUser } = {}): Promise<{ page: Page; user: ConfirmedUser }> {
  const session = await openDashboard(browser, opts);
  contexts.push(session.context);
  await session.page.getByTestId('ai-discovery').waitFor({ timeout: WAIT });
  return { page: session.page, user: session.user };
}

async function ask(page: Page, query: string) {
  const card = page.getByTestId('ai-discovery');
  await card.getByLabel('What kind of links?').fill(query);
  await card.getByRole('button', { name: 'Discover' }).click();
}

describe('AI Link Discovery card', () => {
  it('asks ai-chat with up to 10 links as context, shows the suggestions in a 400 px list, and adds one into its folder', async () => {
    const user = await createConfirmedUser();
    const saved = await savedCategoryId(user.client);
    await seedLinks(
      user,
      Array.from({ length: 12 }, (_, i) => ({ title: `Seed ${i}`, url: `https://seed.example/${i}` })),
    );
    const recipes = await createCategory(user.client, user.user.id, 'Recipes');
    openai.mode = 'ok';
    openai.reply = '```json\n' + JSON.stringify(SUGGESTIONS) + '\n```';
    const { page } = await dashboard({ user });
    const card = page.getByTestId('ai-discovery');

    // An empty query is refused in the card, without a call.
    const before = openai.requests.length;
    await card.getByRole('button', { name: 'Discover' }).click();
    await card.getByRole('alert').waitFor();
    expect(openai.requests.length).toBe(before);

    await ask(page, 'sourdough baking');
    await expect.poll(() => card.getByTestId('ai-suggestion').count(), { timeout: WAIT }).toBe(5);
    const sent = JSON.parse(openai.requests[openai.requests.length - 1].body) as {
      model: string;
      max_completion_tokens: number;
      messages: Array<{ role: string; content: string }>;
    };
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.max_completion_tokens).toBe(1500);
    expect(sent.messages[0].content).toContain('3-5');
    const userMessage = sent.messages[sent.messages.length - 1].content;
    expect(userMessage).toContain('sourdough baking');
    // 12 seeded links plus a new account's starter links: exactly 10 go along as context.
    expect(userMessage.split('\n').filter((line) => /^- .+: https?:\/\//.test(line))).toHaveLength(10);

    const list = card.getByTestId('ai-suggestions');
    expect(await card.getByTestId('ai-not-configured').count()).toBe(0);
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('400px');

    // Scrollbars hide 600 ms after scrolling stops.
    await list.evaluate((el) => el.scrollBy(0, 80));
    await expect.poll(() => list.getAttribute('data-scrollbar'), { timeout: WAIT }).toBe('visible');
    await expect.poll(() => list.getAttribute('data-scrollbar'), { timeout: WAIT }).toBe('hidden');

    // 'recipes' matches the existing 'Recipes' folder; 'Baking' is created.
    await card.getByRole('button', { name: 'Add King Arthur Baking' }).click();
    await expectToast(page, 'Link added');
    await card.getByRole('button', { name: 'Add The Perfect Loaf' }).click();
    await expect
      .poll(async () => (await user.client.from('links').select('url').eq('url', 'https://www.theperfectloaf.com/')).data?.length ?? 0, {
        timeout: WAIT,
      })
      .toBe(1);
    await card.getByRole('button', { name: 'Added The Perfect Loaf' }).waitFor({ timeout: WAIT });
    const { data: folders } = await user.client
      .from('categories')
      .select('id, name')
      .overrideTypes<Array<{ id: string; name: string }>, { merge: false }>();
    const baking = folders?.find((f) => f.name === 'Baking');
    expect(baking).toBeTruthy();
    expect(folders?.filter((f) => f.name.toLowerCase() === 'recipes')).toHaveLength(1);
    const { data: links } = await user.client
      .from('links')
      .select('url, category_id, second_category_id')
      .in('url', ['https://www.kingarthurbaking.com/recipes', 'https://www.theperfectloaf.com/'])
      .overrideTypes<Array<{ url: string; category_id: string; second_category_id: string | null }>, { merge: false }>();
    const byUrl = new Map((links ?? []).map((l) => [l.url, l]));
    expect(byUrl.get('https://www.kingarthurbaking.com/recipes')).toMatchObject({ category_id: saved, second_category_id: recipes });
    expect(byUrl.get('https://www.theperfectloaf.com/')).toMatchObject({ category_id: saved, second_category_id: baking?.id });
  });

  it('parses a reply that is not JSON with the line-based fallback', async () => {
    openai.mode = 'ok';
    openai.reply = [
      'Sure! Here are some ideas:',
      '1. **Title:** Hacker News',
      '   URL: https://news.ycombinator.com',
      '   Description: Tech news.',
      '   Category: News',
      '2. **Title:** Lobsters',
      '   URL: https://lobste.rs/',
      '   Category: News',
      '3. Title: Not a link',
      '   URL: javascript:alert(1)',
    ].join('\n');
    const { page } = await dashboard({ phone: true });
    await ask(page, 'tech news');
    const card = page.getByTestId('ai-discovery');
    await expect.poll(() => card.getByTestId('ai-suggestion').count(), { timeout: WAIT }).toBe(2);
    expect(
      await card
        .getByTestId('ai-suggestion')
        .locator('a')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href)),
    ).toEqual(['https://news.ycombinator.com/', 'https://lobste.rs/']);
    await card.scrollIntoViewIfNeeded();
  });

  it('maps every error: quota, API key, service error, authentication, and anything else', async () => {
    const { page, user } = await dashboard();
    try {
      openai.mode = 'quota';
      await ask(page, 'quota please');
      await expectToast(page, 'OpenAI quota exceeded');

      openai.mode = 'server_error';
      await ask(page, 'server error please');
      await expectToast(page, 'AI service error');

      openai.mode = 'ok';
      await setFunctionEnv('ai-chat', { OPENAI_API_KEY: 'sk-wrong', OPENAI_BASE_URL: openai.baseUrl });
      await ask(page, 'wrong key please');
      await expectToast(page, 'OpenAI API key issue');
      await useFake();

      // The network fails before any server answers (the outside world, not our stack, is faked here).
      await page.route('**/functions/v1/ai-chat', (route) => route.abort('connectionfailed'));
      await ask(page, 'network please');
      await expectToast(page, 'Discovery Failed');
      await page.unroute('**/functions/v1/ai-chat');

      // The account is gone: the function refuses the token.
      expect((await serviceClient().auth.admin.deleteUser(user.user.id)).error).toBeNull();
      await ask(page, 'who am I');
      await expectToast(page, 'Authentication required');
    } finally {
      openai.mode = 'ok';
      await useFake();
    }
  });

  // Here, not in tests/functions: those files run in parallel and another one points ai-chat elsewhere.
  it('GET ai-chat says whether a key is configured, to signed-in users only, without calling the provider', async () => {
    const user = await createConfirmedUser();
    const before = openai.requests.length;
    expect((await callFunction('ai-chat', { token: null, method: 'GET' })).status).toBe(401);
    expect((await callFunction('ai-chat', { method: 'GET' })).status).toBe(401); // the anon key is no user
    expect(await aiStatus(user.client)).toEqual({ configured: true, model: 'gpt-4o-mini' });
    await setFunctionEnv('ai-chat', { OPENAI_BASE_URL: openai.baseUrl });
    try {
      expect(await aiStatus(user.client)).toEqual({ configured: false, model: 'gpt-4o-mini' });
    } finally {
      await useFake();
    }
    expect(openai.requests.length).toBe(before);
  });

  it('says plainly when no API key is configured: not enabled, Discover disabled; only admins see how to set one', async () => {
    await setFunctionEnv('ai-chat', {});
    try {
      const { page } = await dashboard();
      const note = page.getByTestId('ai-not-configured');
      await note.waitFor({ timeout: WAIT });
      expect(await note.innerText()).toContain('AI discovery is not enabled on this site.');
      // No developer text for users.
      expect(await note.innerText()).not.toContain('OPENAI_API_KEY');
      expect(await page.getByRole('button', { name: 'Discover' }).isDisabled()).toBe(true);

      const admin = await createConfirmedUser();
      expect((await serviceClient().from('user_roles').insert({ user_id: admin.user.id, role: 'admin' })).error).toBeNull();
      const { page: adminPage } = await dashboard({ user: admin });
      await adminPage.getByTestId('ai-enable-help').waitFor({ timeout: WAIT });
      expect(await adminPage.getByTestId('ai-not-configured').innerText()).toContain('OPENAI_API_KEY');
      expect(await adminPage.getByRole('button', { name: 'Discover' }).isDisabled()).toBe(true);
    } finally {
      await useFake();
    }
  });
});

describe('dashboard footer and debug panel', () => {
  it('shows the footer banner with the static pages; the debug panel only for admins', async () => {
    const { page } = await dashboard();
    const footer = page.getByTestId('dashboard-footer');
    await footer.waitFor();
    for (const [name, href] of [
      ['Privacy Policy', '/privacy'],
      ['Data Deletion', '/data-deletion'],
      ['Support', '/support'],
    ]) {
      expect(await footer.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    // An ordinary user on a production build never sees the debug panel (roles loaded by now: the card waited).
    await expect.poll(() => page.getByTestId('api-routing-panel').count(), { timeout: 3000 }).toBe(0);

    const admin = await createConfirmedUser();
    expect((await serviceClient().from('user_roles').insert({ user_id: admin.user.id, role: 'admin' })).error).toBeNull();
    try {
      const { page: adminPage } = await dashboard({ user: admin });
      const panel = adminPage.getByTestId('api-routing-panel');
      await panel.waitFor({ timeout: WAIT });
      await panel.locator('summary').click();
      await panel.getByRole('button', { name: 'Run routing tests' }).click();
      await expect.poll(() => panel.locator('li').count(), { timeout: WAIT }).toBe(4);
      const lines = await panel.locator('li').allInnerTexts();
      expect(
        lines.every((line) => line.startsWith('✓')),
        lines.join('\n'),
      ).toBe(true);
      expect(lines[0]).toContain('/api/health → 200');
      expect(lines[1]).toContain('/api/echo → 200');
      expect(lines[2]).toContain('→ 400');
      expect(lines[3]).toContain('→ redirect');
      // The probes saved nothing.
      expect((await admin.client.from('links').select('url').like('url', '%debug-probe%')).data).toHaveLength(0);
    } finally {
      await serviceClient().from('user_roles').delete().eq('user_id', admin.user.id);
    }
  });
});
