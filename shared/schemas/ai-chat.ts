import { z } from 'zod';
import { AI_MAX_COMPLETION_TOKENS, AI_MAX_MESSAGE_CHARS, AI_MAX_MESSAGES, AI_MAX_TOTAL_CHARS, AI_MODEL } from '../constants.ts';

/**
 * Chosen bounds so a request cannot run up an unbounded OpenAI bill or carry a prompt of its own:
 * the discovery card sends one user message of at most AI_MAX_MESSAGE_CHARS (a 500-character
 * question and up to 10 saved links, each cut short). The system prompt is the server's.
 */
const AI_MODELS = [AI_MODEL] as const;
export const AI_CHAT_MESSAGES = {
  systemRefused: 'The system prompt is set by the server: send only user and assistant messages.',
  tooLong: `Message is too long (at most ${AI_MAX_MESSAGE_CHARS} characters)`,
  tooMuch: `Messages are too long (at most ${AI_MAX_TOTAL_CHARS} characters in all)`,
  tooMany: `Too many messages (at most ${AI_MAX_MESSAGES})`,
} as const;

const aiChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: AI_CHAT_MESSAGES.systemRefused }),
  content: z.string().min(1, 'Message is empty').max(AI_MAX_MESSAGE_CHARS, AI_CHAT_MESSAGES.tooLong),
});

/** Body of the ai-chat function: messages, model gpt-4o-mini, max_completion_tokens <= 1500. */
export const aiChatRequestSchema = z.object({
  messages: z
    .array(aiChatMessageSchema)
    .min(1, 'At least one message is required')
    .max(AI_MAX_MESSAGES, AI_CHAT_MESSAGES.tooMany)
    .refine((messages) => messages.reduce((n, m) => n + m.content.length, 0) <= AI_MAX_TOTAL_CHARS, AI_CHAT_MESSAGES.tooMuch),
  model: z.enum(AI_MODELS).default(AI_MODEL),
  max_completion_tokens: z
    .number()
    .int()
    .positive()
    .max(AI_MAX_COMPLETION_TOKENS, `max_completion_tokens must be at most ${AI_MAX_COMPLETION_TOKENS}`)
    .default(AI_MAX_COMPLETION_TOKENS),
});

/** The discovery card's query: must not be empty. */
const AI_QUERY_REQUIRED_MESSAGE = 'Please describe what links you are looking for';
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
