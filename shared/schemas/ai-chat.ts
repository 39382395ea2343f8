import { z } from 'zod';
import { AI_MAX_COMPLETION_TOKENS, AI_MODEL } from '../constants.ts';

/** Chosen bounds so a request cannot run up an unbounded OpenAI bill. */
export const AI_MAX_MESSAGES = 20;
export const AI_MAX_MESSAGE_CHARS = 20_000;
export const AI_MODELS = [AI_MODEL] as const;

export const aiChatMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string().min(1, 'Message is empty').max(AI_MAX_MESSAGE_CHARS, 'Message is too long'),
});

/** Body of the ai-chat function: messages, model gpt-4o-mini, max_completion_tokens <= 1500. */
export const aiChatRequestSchema = z.object({
  messages: z.array(aiChatMessageSchema).min(1, 'At least one message is required').max(AI_MAX_MESSAGES, 'Too many messages'),
  model: z.enum(AI_MODELS).default(AI_MODEL),
  max_completion_tokens: z
    .number()
    .int()
    .positive()
    .max(AI_MAX_COMPLETION_TOKENS, `max_completion_tokens must be at most ${AI_MAX_COMPLETION_TOKENS}`)
    .default(AI_MAX_COMPLETION_TOKENS),
});
export type AiChatRequest = z.infer<typeof aiChatRequestSchema>;

/** The discovery card's query: must not be empty. */
export const AI_QUERY_REQUIRED_MESSAGE = 'Please describe what links you are looking for';
export const aiDiscoveryQuerySchema = z
  .string(AI_QUERY_REQUIRED_MESSAGE)
  .trim()
  .min(1, AI_QUERY_REQUIRED_MESSAGE)
  .max(500, 'Query is too long');

/** One suggestion as the card stores it (the parser in rules/ai-suggestions already drops non-http(s)). */
export const aiSuggestionSchema = z.object({
  title: z.string().trim().min(1),
  url: z.string().refine((value) => /^https?:\/\//i.test(value), 'Please enter a valid URL'),
  description: z.string().default(''),
  category: z.string().default(''),
  reasoning: z.string().default(''),
});
