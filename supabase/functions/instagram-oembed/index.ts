import { instagram, oembedHandler } from '../_shared/oembed.ts';

/** Part 2 'instagram-oembed' {url} -> {title, author_name, thumbnail_url} for instagram.com URLs only. */
Deno.serve(oembedHandler(instagram));
