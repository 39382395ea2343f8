import { shareIncomingHandler } from '../_shared/share-incoming-handler.ts';

/** Alias of share-incoming, the name the debug helper probes (part 2 §7). */
Deno.serve(shareIncomingHandler);
