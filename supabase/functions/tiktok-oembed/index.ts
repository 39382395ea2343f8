import { oembedHandler, tiktok } from '../_shared/oembed.ts';

/** Part 2 'tiktok-oembed' {url} -> {title, author_name, thumbnail_url} for tiktok.com URLs only. */
Deno.serve(oembedHandler(tiktok));
