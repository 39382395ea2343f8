import { corsHeaders as sdkCorsHeaders } from '@supabase/supabase-js/cors';

/**
 * Supabase's convention: every function answers OPTIONS with 'ok' and adds these headers to every
 * answer. supabase-js ships the canonical set (every header its clients send), so it stays in sync.
 */
export const corsHeaders: Record<string, string> = { ...sdkCorsHeaders };
