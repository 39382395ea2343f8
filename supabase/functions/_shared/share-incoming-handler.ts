import { shareIncomingPayloadSchema } from '~shared/schemas/share-incoming.ts';
import { adminClient, requireUser } from './clients.ts';
import { handle, json, parseWith, readJsonBody } from './http.ts';
import { saveIncomingLink } from './incoming.ts';

const METHOD_LABELS = { web_share_target: 'web share', deep_link: 'deep link' } as const;

/**
 * share-incoming and its alias links-share-incoming: {url, source, method} from the web share
 * target or a deep link, saved into the caller's incoming folder for that source.
 */
export const shareIncomingHandler = handle(async (req) => {
  const { user } = await requireUser(req);
  const body = parseWith(shareIncomingPayloadSchema, await readJsonBody(req));
  const saved = await saveIncomingLink(adminClient(), user.id, {
    url: body.url,
    source: body.source,
    description: `Received via ${METHOD_LABELS[body.method]}`,
  });
  return json({ success: true, ...saved, source: body.source, method: body.method });
});
