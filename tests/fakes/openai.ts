import { sendJson, startFakeServer, type FakeServer } from './server.ts';

export type OpenAiMode = 'ok' | 'quota' | 'server_error';

export interface FakeOpenAi extends FakeServer {
  /** The base URL to give the SDK (OPENAI_BASE_URL): `${url}/v1`. */
  baseUrl: string;
  apiKey: string;
  mode: OpenAiMode;
  /** The assistant's answer in 'ok' mode. */
  reply: string;
}

/**
 * A fake OpenAI chat-completions API: checks the bearer key like OpenAI (401 invalid_api_key),
 * answers 429 insufficient_quota in 'quota' mode and 500 in 'server_error' mode.
 */
export async function startFakeOpenAi(apiKey = 'sk-test-fake-key'): Promise<FakeOpenAi> {
  const state = { mode: 'ok' as OpenAiMode, reply: 'Here are some links.' };
  const server = await startFakeServer((req, res) => {
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions')
      return sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(res, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
      });
    }
    if (state.mode === 'quota') {
      return sendJson(res, 429, {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      });
    }
    if (state.mode === 'server_error') return sendJson(res, 500, { error: { message: 'The server had an error', type: 'server_error' } });
    const body = JSON.parse(req.body) as { model: string };
    sendJson(res, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: state.reply, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
    });
  });
  return {
    ...server,
    baseUrl: `${server.url}/v1`,
    apiKey,
    get mode() {
      return state.mode;
    },
    set mode(m: OpenAiMode) {
      state.mode = m;
    },
    get reply() {
      return state.reply;
    },
    set reply(r: string) {
      state.reply = r;
    },
  };
}
