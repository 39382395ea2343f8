import { AI_CONTEXT_LINK_LIMIT, AI_MAX_COMPLETION_TOKENS, AI_MAX_MESSAGE_CHARS, AI_MODEL } from '../../constants.ts';
import { parseAiSuggestions, type AiSuggestion } from '../../rules/ai-suggestions.ts';
import type { DataClient } from '../client.ts';
import { toDataError, unwrap } from '../errors.ts';
import { invokeFunction } from '../functions.ts';
import { requireUserId } from '../session.ts';
import type { AiChatHistoryRow } from '../types.ts';

/** A message the client may send: the system prompt is the ai-chat function's own. */
export interface AiChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** The 'ai-chat' function: messages, gpt-4o-mini, 1500 tokens; answers with the content. */
async function aiChat(client: DataClient, messages: AiChatMessage[]): Promise<string> {
  const data = await invokeFunction<{ content?: string; response?: string; message?: string }>(client, 'ai-chat', {
    messages,
    model: AI_MODEL,
    max_completion_tokens: AI_MAX_COMPLETION_TOKENS,
  });
  return data?.content ?? data?.response ?? '';
}

/** Whether the ai-chat function has an API key (GET ai-chat, signed in): the card says so when not. */
export async function aiStatus(client: DataClient): Promise<{ configured: boolean; model: string | null }> {
  const result = await client.functions.invoke<{ configured?: boolean; model?: string }>('ai-chat', { method: 'GET' });
  if (result.error) throw toDataError(result.error, 'function');
  return { configured: result.data?.configured === true, model: result.data?.model ?? null };
}

/** Each saved link given as context is cut to this many characters of title and of URL. */
const CONTEXT_TITLE_CHARS = 100;
const CONTEXT_URL_CHARS = 200;

/**
 * The user's question for the discovery prompt, with up to 10 existing links as context (part 2 §9).
 * Only the user message: the ai-chat function adds its own system prompt (it refuses a client's),
 * and the message stays within AI_MAX_MESSAGE_CHARS.
 */
export function discoveryMessages(query: string, existing: ReadonlyArray<{ title: string; url: string }>): AiChatMessage[] {
  const context = existing
    .slice(0, AI_CONTEXT_LINK_LIMIT)
    .map((link) => `- ${link.title.slice(0, CONTEXT_TITLE_CHARS)}: ${link.url.slice(0, CONTEXT_URL_CHARS)}`)
    .join('\n');
  const content = `${query.trim()}${context ? `\n\nLinks I already saved:\n${context}` : ''}`;
  return [{ role: 'user', content: content.slice(0, AI_MAX_MESSAGE_CHARS) }];
}

/**
 * AI Link Discovery: asks, then parses the answer (JSON, else the line-based fallback; http(s)
 * only). The ai-chat function stores the exchange in ai_chat_history itself (server-side, so it
 * cannot be skipped or forged), so nothing is written here.
 */
export async function discoverLinks(
  client: DataClient,
  query: string,
  existing: ReadonlyArray<{ title: string; url: string }> = [],
): Promise<AiSuggestion[]> {
  await requireUserId(client);
  const content = await aiChat(client, discoveryMessages(query, existing));
  return parseAiSuggestions(content);
}

export async function listAiHistory(client: DataClient, userId: string, limit = 20): Promise<AiChatHistoryRow[]> {
  return (
    unwrap(
      await client
        .from('ai_chat_history')
        .select('id,user_id,message,response,context,created_at')
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .limit(limit),
    ) ?? []
  );
}
