import { AI_MAX_SUGGESTIONS, AI_MIN_SUGGESTIONS } from '~shared/constants.ts';

/**
 * The system prompt of AI Link Discovery. It is the server's: clients send only user and assistant
 * messages (a client-sent system message is refused), so the function cannot be turned into a
 * general-purpose proxy with instructions of the caller's choice.
 */
export const DISCOVERY_SYSTEM_PROMPT =
  `You suggest useful websites. Answer with a JSON array of ${AI_MIN_SUGGESTIONS}-${AI_MAX_SUGGESTIONS} objects with the keys ` +
  'title, url (absolute https URL), description, category and reasoning. No other text. ' +
  'Only suggest websites; decline anything else with an empty JSON array.';
