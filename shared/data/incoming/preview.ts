import type { IncomingSource } from '../../constants.ts';
import { oembedResponseSchema, type OembedResponse } from '../../schemas/oembed.ts';
import type { DataClient } from '../client.ts';
import { invokeFunction } from '../functions.ts';

/**
 * The oEmbed data of an Instagram or TikTok link (instagram-oembed / tiktok-oembed, body url), or
 * null for other sources. Throws when the function fails or is not configured; /receive then shows
 * the URL's host and path instead.
 */
export async function fetchOembed(client: DataClient, params: { url: string; source: IncomingSource }): Promise<OembedResponse | null> {
  if (params.source === 'generic') return null;
  const data = await invokeFunction<unknown>(client, params.source === 'instagram' ? 'instagram-oembed' : 'tiktok-oembed', {
    url: params.url,
  });
  const parsed = oembedResponseSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export const previewKeys = {
  all: ['link-preview'] as const,
  detail: (url: string) => [...previewKeys.all, url] as const,
};
