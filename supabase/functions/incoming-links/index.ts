import { adminClient, requireUser } from '../_shared/clients.ts';
import { handle, json, parseWith, readJsonBody } from '../_shared/http.ts';
import { saveIncomingLink, sourceOfUrl } from '../_shared/incoming.ts';
import { incomingLinksBodySchema } from '../_shared/schemas.ts';

/**
 * Part 2 'incoming-links' {link, sender_email, timestamp}: a link received from elsewhere (the
 * mobile wrapper, another app), saved into the caller's incoming folder for its host's source.
 */
Deno.serve(
  handle(async (req) => {
    const { user } = await requireUser(req);
    const body = parseWith(incomingLinksBodySchema, await readJsonBody(req));
    const source = sourceOfUrl(body.link);
    const saved = await saveIncomingLink(adminClient(), user.id, {
      url: body.link,
      source,
      title: body.title ?? undefined,
      description: body.sender_email ? `Shared by ${body.sender_email}` : null,
    });
    return json({ success: true, ...saved, source });
  }),
);
