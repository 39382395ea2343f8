import { shareIncomingHandler } from '../_shared/share-incoming-handler.ts';

/** Part 2 'share-incoming' {url, source: tiktok|instagram|generic, method: web_share_target|deep_link}. */
Deno.serve(shareIncomingHandler);
