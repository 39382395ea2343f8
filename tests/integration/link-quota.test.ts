import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LINK_QUOTA } from '../../shared/constants.ts';
import { errorToast } from '../../shared/data/errors.ts';
import { saveLink } from '../../shared/data/links/api.ts';
import { LINK_QUOTA_MESSAGE, LINK_QUOTA_TITLE } from '../../shared/rules/link-limits.ts';
import { serviceClient } from '../setup/clients.ts';
import { dataUser } from './data-setup.ts';

// The link quota through the data layer: the add-link toast says plainly what happened.
describe('link quota in the app', () => {
  it(`at ${LINK_QUOTA.toLocaleString('en-US')} links, Add Link is refused with 'Link limit reached' and the quota's message`, async () => {
    const u = await dataUser();
    const first = await saveLink(u.client, { input: { title: 'Kept', url: `https://kept.example/${randomUUID()}`, description: '' } });
    // The counter stands in for a full account (storing 100,000 rows here would only slow the test).
    const { error } = await serviceClient().from('link_counts').update({ links: LINK_QUOTA }).eq('user_id', u.userId);
    expect(error).toBeNull();

    const refused = await saveLink(u.client, {
      input: { title: 'One more', url: `https://more.example/${randomUUID()}`, description: '' },
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'PT403' });
    expect((refused as Error).message).toBe(LINK_QUOTA_MESSAGE);
    expect(errorToast('link.save', refused)).toEqual({ title: LINK_QUOTA_TITLE, description: LINK_QUOTA_MESSAGE });
    const { count } = await serviceClient().from('links').select('id', { count: 'exact', head: true }).eq('user_id', u.userId);
    expect(count).toBe(1);
    // Editing a saved link adds nothing and still works.
    const edited = await saveLink(u.client, {
      input: { title: 'Kept, renamed', url: first.link.url, description: '' },
      linkId: first.link.id,
    });
    expect(edited.link.title).toBe('Kept, renamed');
  });
});
