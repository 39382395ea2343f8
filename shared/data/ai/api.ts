import { AI_CONTEXT_LINK_LIMIT, AI_MAX_COMPLETION_TOKENS, AI_MAX_SUGGESTIONS, AI_MIN_SUGGESTIONS, AI_MODEL } from '../../constants.ts';
import { parseAiSuggestions, type AiSuggestion } from '../../rules/ai-suggestions.ts';
import type { DataClient } from '../client.ts';
import { toDataError, unwrap } from '../errors.ts';
import { invokeFunction } from '../functions.ts';
import { requireUserId } from '../session.ts';
import type { AiChatHistoryRow } from '../types.ts';

export interface AiChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The 'ai-chat' function: messages, gpt-4o-mini, 1500 tokens; answers with the content. */
export async function aiChat(client: DataClient, messages: AiChatMessage[]): Promise<string> {
  const data = await invokeFunction<{ content?: string; response?: string; message?: string }>(client, 'ai-chat', {
    messages,
    model: AI_MODEL,
    max_completion_tokens: AI_MAX_COMPLETION_TOKENS,
  });
  return data?.content ?? data?.response ?? '';
}

/** Whether the ai-chat function has an API key (GET ai-chat, signed in): the card says so when not. */
export async function aiStatus(client: DataClient): Promise<{ configured: boolean; model: string | null }> {
  const { data, error } = await client.functions.invoke<{ configured?: boolean; model?: string }>('ai-chat', { method: 'GET' });
  if (error) throw toDataError(error, 'function');
  return { configured: data?.configured === true, model: data?.model ?? null };
}

/** The prompt: 3-5 suggestions as JSON, with up to 10 existing links as context (part 2 §9). */
export function discoveryMessages(query: string, existing: ReadonlyArray<{ title: string; url: string }>): AiChatMessage[] {
  const context = existing
    .slice(0, AI_CONTEXT_LINK_LIMIT)
    .map((link) => `- ${link.title}: ${link.url}`)
    .join('\n');
  return [
    {
      role: 'system',
      content:
        `You suggest useful websites. Answer with a JSON array of ${AI_MIN_SUGGESTIONS}-${AI_MAX_SUGGESTIONS} objects with the keys ` +
        'title, url (absolute https URL), description, category and reasoning. No other text.',
    },
    { role: 'user', content: `${query.trim()}${context ? `\n\nLinks I already saved:\n${context}` : ''}` },
  ];
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
  return (unwrap(
    await client
      .from('ai_chat_history')
      .select('id,user_id,message,response,context,created_at')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(limit),
  ) ?? []) as AiChatHistoryRow[];
}
