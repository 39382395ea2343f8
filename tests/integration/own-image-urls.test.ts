import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveLink } from '../../shared/data/links/api.ts';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { dataUser, pngFile, type DataUser } from './data-setup.ts';

// Only our copies of images: an image URL on another host makes every reader of it (a share
// recipient's inbox, every visitor of a public page) call that host, a read receipt for whoever runs
// it. links.icon_url / favicon_url / preview_image_url and webpage_settings.banner_background_url
// accept only this project's storage (the stack registers its URL on start) or an app path.
describe('image URLs are our own copies', () => {
  let u: ConfirmedUser;
  let d: DataUser;
  let linkId: string;
  const tracker = 'https://tracker.example/pixel.png';
  const own = () => `${testStack().url}/storage/v1/object/public/link-icons/${u.user.id}/${Date.now()}.png`;

  beforeAll(async () => {
    u = await createConfirmedUser();
    d = await dataUser();
    const saved = await u.client.from('categories').select('id').eq('system_key', 'saved').single();
    const link = await u.client
      .from('links')
      .insert({ user_id: u.user.id, title: 'Img', url: `https://img.example/${randomUUID()}`, category_id: saved.data!.id })
      .select('id')
      .single();
    expect(link.error).toBeNull();
    linkId = link.data!.id;
  });

  const readLink = async () =>
    (await serviceClient().from('links').select('icon_url, favicon_url, preview_image_url').eq('id', linkId).single()).data as Record<
      string,
      string | null
    >;

  it('the stack registered its own URL', async () => {
    const { data } = await serviceClient().from('instance_settings').select('storage_urls').single();
    expect((data as { storage_urls: string[] }).storage_urls).toContain(testStack().url.toLowerCase());
  });

  type ImageColumn = 'icon_url' | 'favicon_url' | 'preview_image_url';
  const patch = (column: ImageColumn, value: string) => ({ [column]: value }) as Partial<Record<ImageColumn, string>>;

  it.each<ImageColumn>(['icon_url', 'favicon_url', 'preview_image_url'])(
    'links.%s: another host is 400, our storage is stored',
    async (column) => {
      const refused = await u.client.from('links').update(patch(column, tracker)).eq('id', linkId).select('id');
      expect(refused.status).toBe(400);
      expect(refused.error?.code).toBe('23514');
      expect(refused.error?.message).toMatch(/upload the image instead/i);
      expect((await readLink())[column]).not.toBe(tracker);
      for (const sneaky of [
        `https://tracker.example/storage/v1/object/public/link-icons/${u.user.id}/x.png`,
        `${testStack().url}.tracker.example/storage/v1/object/public/link-icons/x.png`,
        `${testStack().url}/storage/v1/object/public/../../../evil`,
        'data:image/png;base64,AAAA',
        'javascript:alert(1)',
      ]) {
        const r = await u.client.from('links').update(patch(column, sneaky)).eq('id', linkId).select('id');
        expect(r.status, sneaky).toBe(400);
      }
      const url = own();
      const ok = await u.client.from('links').update(patch(column, url)).eq('id', linkId).select('id');
      expect(ok.error).toBeNull();
      expect(ok.data).toHaveLength(1);
      expect((await readLink())[column]).toBe(url);
    },
  );

  it('a new link with an outside icon is refused; the add-link flow with an uploaded icon still works', async () => {
    const saved = await u.client.from('categories').select('id').eq('system_key', 'saved').single();
    const insert = await u.client
      .from('links')
      .insert({ user_id: u.user.id, title: 'x', url: `https://x.example/${randomUUID()}`, category_id: saved.data!.id, icon_url: tracker });
    expect(insert.status).toBe(400);
    const viaRpc = await u.client.rpc('save_link', {
      link_title: 'rpc',
      link_url: `https://rpc.example/${randomUUID()}`,
      link_icon_url: tracker,
    });
    expect(viaRpc.status).toBe(400);
    const result = await saveLink(d.client, {
      input: { title: 'With icon', url: `https://icon.example/${randomUUID()}`, description: '' },
      icon: pngFile(),
    });
    expect(result.link.icon_url).toContain(`${testStack().url}/storage/v1/object/public/link-icons/`);
  });

  it('imports keep our copies and drop outside icons (the link itself is kept)', async () => {
    const ownIcon = own();
    const r = await u.client.rpc('import_links', {
      links: [
        { title: 'outside', url: `https://imp.example/${randomUUID()}`, icon_url: tracker },
        { title: 'ours', url: `https://imp.example/${randomUUID()}`, icon_url: ownIcon },
      ],
    });
    expect(r.error).toBeNull();
    expect(r.data).toMatchObject({ inserted: 2 });
    const { data } = await serviceClient()
      .from('links')
      .select('title, icon_url')
      .eq('user_id', u.user.id)
      .in('title', ['outside', 'ours'])
      .order('title');
    expect(data).toEqual([
      { title: 'ours', icon_url: ownIcon },
      { title: 'outside', icon_url: null },
    ]);
  });

  it('webpage_settings.banner_background_url: another host is 400, an uploaded background is stored', async () => {
    const refused = await u.client
      .from('webpage_settings')
      .upsert({ user_id: u.user.id, banner_background_url: tracker })
      .select('user_id');
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('23514');
    const url = `${testStack().url}/storage/v1/object/public/banner-backgrounds/${u.user.id}/b.png`;
    const ok = await u.client.from('webpage_settings').upsert({ user_id: u.user.id, banner_background_url: url }).select('user_id');
    expect(ok.error).toBeNull();
    const { data } = await serviceClient().from('webpage_settings').select('banner_background_url').eq('user_id', u.user.id).single();
    expect(data).toEqual({ banner_background_url: url });
  });
});
