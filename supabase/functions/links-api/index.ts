import { handleLinksApi } from '../_shared/links-api-handler.ts';

/** Personal API tokens: GET lists and searches your links, POST saves one (docs/edge-functions.md). */
Deno.serve(handleLinksApi);
