import { handleLinkPreview } from '../_shared/link-preview-handler.ts';

/** {url} or {link_id, hints?} -> {title, description, site_name, favicon_url, image_url, final_url}. */
Deno.serve(handleLinkPreview);
