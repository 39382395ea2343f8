import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai.ts';
import { callFunction, expectBadInputAnswers, expectBadInputHandled, setFunctionEnv } from './helpers.ts';
import { discoverLinks } from '../../shared/data/ai/api.ts';
import { errorToast } from '../../shared/data/errors.ts';
import type { AiChatHistoryRow } from '../../shared/data/types.ts';
import { dataUser } from '../integration/data-setup.ts';

let openai: FakeOpenAi;
let user: ConfirmedUser;

// Only user (and assistant) messages: the system prompt is the function's own.
const messages = [{ role: 'user', content: 'Suggest 3 links about sourdough baking' }];
const ask = (token: string | null | undefined, body: unknown = { messages, model: 'gpt-4o-mini', max_completion_tokens: 1500 }) =>
  callFunction('ai-chat', { token, body });

async function historyOf(userId: string): Promise<AiChatHistoryRow[]> {
  const { data } = await serviceClient()
    .from('ai_chat_history')
    .select('*')
    .eq('user_id', userId)
    .overrideTypes<AiChatHistoryRow[], { merge: false }>();
  return data ?? [];
}

/** The chat-completions request the function sent the provider (the fields these tests read). */
interface SentChat {
  model: string;
  max_completion_tokens?: number;
  messages: { role: string; content: string }[];
}
const sentAt = (index: number) => JSON.parse(openai.requests[index].body) as SentChat;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  await setFunctionEnv('ai-chat', { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseUrl, AI_MODEL: 'gpt-4o-mini' });
  user = await createConfirmedUser();
});

afterAll(async () => {
  await setFunctionEnv('ai-chat', {});
  await openai.close();
});

describe('ai-chat', () => {
  it('answers with the content from the OpenAI-compatible server and stores the exchange', async () => {
    openai.mode = 'ok';
    openai.reply = 'Try https://example.com/sourdough';
    const before = openai.requests.length;
    const res = await ask(user.accessToken);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ content: 'Try https://example.com/sourdough', model: 'gpt-4o-mini' });
    const sent = sentAt(before);
    expect(sent).toMatchObject({ model: 'gpt-4o-mini', max_completion_tokens: 1500 });
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toMatch(/You suggest useful websites/);
    expect(sent.messages.slice(1)).toEqual(messages);
    expect(openai.requests[before].headers.authorization).toBe(`Bearer ${openai.apiKey}`);
    const history = await historyOf(user.user.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ message: 'Suggest 3 links about sourdough baking', response: 'Try https://example.com/sourdough' });
  });

  it('caps max_completion_tokens at 1500: more is refused as bad input', async () => {
    const u = await createConfirmedUser();
    const res = await ask(u.accessToken, { messages, max_completion_tokens: 5000 });
    expect(res.status).toBe(400);
    const small = await ask(u.accessToken, { messages, max_completion_tokens: 200 });
    expect(small.status).toBe(200);
    expect(sentAt(openai.requests.length - 1).max_completion_tokens).toBe(200);
  });

  it("maps provider errors to the client's codes: quota, API key, other", async () => {
    const u = await createConfirmedUser();
    openai.mode = 'quota';
    const quota = await ask(u.accessToken);
    expect(quota.status).toBe(429);
    expect(quota.body).toEqual({ error: 'insufficient_quota', message: 'OpenAI quota exceeded' });

    openai.mode = 'server_error';
    const broken = await ask(u.accessToken);
    expect(broken.status).toBe(502);
    expect(broken.body).toEqual({ error: 'ai_service_error', message: 'AI service error' });
    openai.mode = 'ok';

    await setFunctionEnv('ai-chat', { OPENAI_API_KEY: 'sk-wrong', OPENAI_BASE_URL: openai.baseUrl });
    try {
      const badKey = await ask(u.accessToken);
      expect(badKey.status).toBe(502);
      expect(badKey.body).toEqual({ error: 'invalid_api_key', message: 'OpenAI API key issue' });
    } finally {
      await setFunctionEnv('ai-chat', { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseUrl });
    }
  });

  it('an unreachable provider is an AI service error, not a hang', async () => {
    await setFunctionEnv('ai-chat', { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    try {
      const res = await ask((await createConfirmedUser()).accessToken);
      expect(res.status).toBe(502);
      expect(res.body.error).toBe('ai_service_error');
    } finally {
      await setFunctionEnv('ai-chat', { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseUrl });
    }
  });

  it('needs a signed-in user (Authentication required) and stores nothing otherwise', async () => {
    const before = openai.requests.length;
    const anon = await ask(undefined);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ error: 'unauthorized', message: 'Authentication required' });
    expect((await ask(null)).status).toBe(401);
    expect(openai.requests.length).toBe(before);
  });

  it('bad input -> 400/413 JSON, and the provider is not called', async () => {
    const before = openai.requests.length;
    const answers = await expectBadInputHandled('ai-chat', user.accessToken, [
      {},
      { messages: [] },
      { messages: 'hello' },
      { messages: [{ role: 'hacker', content: 'x' }] },
      { messages: [{ role: 'user', content: '' }] },
      { messages, max_completion_tokens: 'lots' },
      { messages, model: 'gpt-4-32k' },
    ]);
    expectBadInputAnswers(answers);
    expect(openai.requests.length).toBe(before);
  });
});

// The dashboard's AI Link Discovery through the data layer (shared/data/ai), against the same fake.
describe('AI Link Discovery through shared/data', () => {
  it('asks with the spec prompt, parses http(s) suggestions, and the exchange is stored once', async () => {
    const data = await dataUser();
    openai.mode = 'ok';
    openai.reply = JSON.stringify([
      {
        title: 'The Rust Book',
        url: 'https://doc.rust-lang.org/book/',
        description: 'The official book',
        category: 'Learning',
        reasoning: 'Start here',
      },
      {
        title: 'Rustlings',
        url: 'https://github.com/rust-lang/rustlings',
        description: 'Exercises',
        category: 'Learning',
        reasoning: 'Practice',
      },
      { title: 'Evil', url: 'javascript:alert(1)', description: 'x', category: 'x', reasoning: 'x' },
    ]);
    const before = openai.requests.length;
    const suggestions = await discoverLinks(data.client, 'rust books', [{ title: 'Crates', url: 'https://crates.io/' }]);
    expect(suggestions.map((s) => s.url)).toEqual(['https://doc.rust-lang.org/book/', 'https://github.com/rust-lang/rustlings']);
    const sent = sentAt(before);
    expect(sent).toMatchObject({ model: 'gpt-4o-mini', max_completion_tokens: 1500 });
    expect(sent.messages.at(-1)?.content).toContain('rust books');
    expect(sent.messages.at(-1)?.content).toContain('https://crates.io/');
    expect(await historyOf(data.userId)).toHaveLength(1);
  });

  it("maps the provider's quota error to 'OpenAI quota exceeded'", async () => {
    const data = await dataUser();
    openai.mode = 'quota';
    try {
      const error = await discoverLinks(data.client, 'rust books').catch((e: unknown) => e);
      expect(errorToast('ai.discover', error).title).toBe('OpenAI quota exceeded');
    } finally {
      openai.mode = 'ok';
    }
  });
});
