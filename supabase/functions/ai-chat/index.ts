import OpenAI from 'openai';
import { AI_CHATS_PER_DAY, AI_CHATS_PER_MINUTE, AI_MAX_COMPLETION_TOKENS, AI_MODEL } from '~shared/constants.ts';
import { aiChatRequestSchema } from '~shared/schemas/ai-chat.ts';
import { DISCOVERY_SYSTEM_PROMPT } from '../_shared/ai-prompt.ts';
import { adminClient, requireUser } from '../_shared/clients.ts';
import { env } from '../_shared/env.ts';
import { errorResponse, handle, json, parseWith, readJsonBody } from '../_shared/http.ts';

/**
 * Part 2 'ai-chat' {messages, model, max_completion_tokens} -> {content}. Any OpenAI-compatible
 * server works (OPENAI_BASE_URL); the model is AI_MODEL (default gpt-4o-mini) and the answer is
 * capped at 1500 tokens. Errors carry the codes the client maps to its toasts.
 *
 * Not a free proxy: the system prompt is the server's (a client-sent system message is 400), the
 * messages are capped in number and characters (shared/schemas/ai-chat.ts), and each user gets
 * AI_CHATS_PER_MINUTE calls a minute and AI_CHATS_PER_DAY a day (429 rate_limited with a readable
 * message), counted in the database before the provider is called.
 */
Deno.serve(
  handle(
    async (req) => {
      const { user } = await requireUser(req);
      // GET: whether a key is configured, so the discovery card can say so before anyone asks.
      if (req.method === 'GET') return json({ configured: Boolean(env('OPENAI_API_KEY')), model: env('AI_MODEL') ?? AI_MODEL });
      const body = parseWith(aiChatRequestSchema, await readJsonBody(req));
      const apiKey = env('OPENAI_API_KEY');
      if (!apiKey) return errorResponse(503, 'invalid_api_key', 'OpenAI API key issue: OPENAI_API_KEY is not set');

      const { data: slot, error: slotError } = await adminClient().rpc('take_ai_chat_slot', {
        p_user_id: user.id,
        per_minute: AI_CHATS_PER_MINUTE,
        per_day: AI_CHATS_PER_DAY,
      });
      if (slotError) throw new Error(`cannot count AI calls: ${slotError.message}`);
      if (slot === 'minute') {
        return errorResponse(
          429,
          'rate_limited',
          `At most ${AI_CHATS_PER_MINUTE} discoveries a minute. Please wait a minute and try again.`,
          { limit: 'minute' },
        );
      }
      if (slot !== 'ok') {
        return errorResponse(429, 'rate_limited', `You have used today's ${AI_CHATS_PER_DAY} discoveries. Please try again tomorrow.`, {
          limit: 'day',
        });
      }

      const model = env('AI_MODEL') ?? body.model ?? AI_MODEL;
      const openai = new OpenAI({ apiKey, baseURL: env('OPENAI_BASE_URL'), timeout: 60_000, maxRetries: 1 });
      let content: string;
      let usage: unknown;
      try {
        const completion = await openai.chat.completions.create({
          model,
          messages: [{ role: 'system', content: DISCOVERY_SYSTEM_PROMPT }, ...body.messages],
          max_completion_tokens: Math.min(body.max_completion_tokens, AI_MAX_COMPLETION_TOKENS),
        });
        content = completion.choices[0]?.message?.content ?? '';
        usage = completion.usage ?? null;
      } catch (e) {
        return mapOpenAiError(e);
      }

      // The exchange is history for the user; failing to store it does not fail the answer.
      const lastUser = [...body.messages].reverse().find((m) => m.role === 'user') ?? body.messages[body.messages.length - 1];
      const { error } = await adminClient()
        .from('ai_chat_history')
        .insert({
          user_id: user.id,
          message: lastUser.content.slice(0, 10_000),
          response: content.slice(0, 100_000),
          context: { model, messages: body.messages.length, usage },
        });
      if (error) console.error('ai-chat: history not stored', error.message);
      return json({ content, model, usage });
    },
    ['POST', 'GET'],
  ),
);

function mapOpenAiError(e: unknown): Response {
  if (e instanceof OpenAI.APIError) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (e.status === 429 && (code === 'insufficient_quota' || /quota/i.test(e.message))) {
      return errorResponse(429, 'insufficient_quota', 'OpenAI quota exceeded');
    }
    if (e.status === 401 || e.status === 403 || code === 'invalid_api_key') {
      return errorResponse(502, 'invalid_api_key', 'OpenAI API key issue');
    }
    if (e.status === 429) return errorResponse(429, 'rate_limited', 'AI service error: too many requests, please try again shortly');
    console.error('ai-chat: provider error', e.status, e.message);
    return errorResponse(502, 'ai_service_error', 'AI service error');
  }
  console.error('ai-chat: provider unreachable', (e as Error)?.message);
  return errorResponse(502, 'ai_service_error', 'AI service error: the AI provider could not be reached');
}
