import { beforeAll, describe, expect, it } from 'vitest';
import { bulkDeleteLinks, bulkTagLinks } from '../../shared/data/bulk/api.ts';
import { saveLink } from '../../shared/data/links/api.ts';
import {
  deleteTags,
  getLinkNote,
  listLinkTagPairs,
  listTags,
  mergeTags,
  renameTag,
  setLinkNote,
  setLinkTags,
} from '../../shared/data/tags/api.ts';
import { dataUser, readAsService, type DataUser } from './data-setup.ts';

/** Tags and notes through shared/data/tags (zod-checked inputs and answers) against the real stack. */
let ann: DataUser;
let bob: DataUser;
let linkId: string;
let otherLinkId: string;

beforeAll(async () => {
  ann = await dataUser({ firstName: 'Ann', lastName: 'Tags' });
  bob = await dataUser({ firstName: 'Bob', lastName: 'Tags' });
  const save = async (title: string, url: string) => (await saveLink(ann.client, { input: { title, url } })).link.id;
  linkId = await save('Hooks in React', 'https://react.example/hooks');
  otherLinkId = await save('Vue', 'https://vue.example/');
});

describe('tags through the data layer', () => {
  it('sets, lists, renames, merges and deletes tags; names are folded for uniqueness', async () => {
    const set = await setLinkTags(ann.client, { linkId, names: ['React', 'frontend'] });
    expect(set.map((t) => t.name).sort()).toEqual(['React', 'frontend']);
    // 'react' is the same tag as 'React' (case-insensitive unique names).
    await setLinkTags(ann.client, { linkId: otherLinkId, names: ['react', 'js'] });
    const tags = await listTags(ann.client);
    expect(tags.map((t) => [t.name, t.link_count])).toEqual([
      ['frontend', 1],
      ['js', 1],
      ['React', 2],
    ]);
    expect(await listLinkTagPairs(ann.client, ann.userId)).toHaveLength(4);

    const js = tags.find((t) => t.name === 'js')!;
    const frontend = tags.find((t) => t.name === 'frontend')!;
    expect((await renameTag(ann.client, { tagId: js.id, name: 'JavaScript' })).name).toBe('JavaScript');
    expect(await mergeTags(ann.client, { sourceIds: [frontend.id], targetId: js.id })).toEqual({ merged: 1, links: 1, added: 1 });
    expect((await listTags(ann.client)).map((t) => [t.name, t.link_count])).toEqual([
      ['JavaScript', 2],
      ['React', 2],
    ]);

    // Bob cannot delete Ann's tag: his call ignores the id, and the tag is still there.
    expect(await deleteTags(bob.client, [js.id])).toEqual({ deleted: 0, ignored: 1 });
    expect(await readAsService('tags', 'id', js.id)).toHaveLength(1);
    expect(await deleteTags(ann.client, [js.id])).toEqual({ deleted: 1, ignored: 0 });
    expect(await readAsService('tags', 'id', js.id)).toHaveLength(0);
  });

  it('refuses a bad name before calling the server', async () => {
    await expect(setLinkTags(ann.client, { linkId, names: ['   '] })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it("keeps a link's note private to its owner, and deletes a blank one", async () => {
    await setLinkNote(ann.client, ann.userId, { linkId, body: 'Read the part on effects.' });
    expect(await getLinkNote(ann.client, linkId)).toBe('Read the part on effects.');
    expect(await getLinkNote(bob.client, linkId)).toBe('');
    await setLinkNote(ann.client, ann.userId, { linkId, body: '  ' });
    expect(await readAsService('link_notes', 'link_id', linkId)).toHaveLength(0);
  });
});

describe('bulk actions through the data layer', () => {
  it("tag and delete many links in one call each; another user's ids are ignored and counted", async () => {
    const save = async (title: string) => (await saveLink(bob.client, { input: { title, url: `https://bulk.example/${title}` } })).link.id;
    const ids = [await save('one'), await save('two'), await save('three')];
    expect(await bulkTagLinks(bob.client, { linkIds: [...ids, linkId], add: ['later'] })).toEqual({
      links: 3,
      ignored: 1,
      added: 3,
      removed: 0,
    });
    expect((await listTags(bob.client)).map((t) => [t.name, t.link_count])).toEqual([['later', 3]]);

    expect(await bulkDeleteLinks(bob.client, { linkIds: [ids[0], ids[1], linkId] })).toEqual({ deleted: 2, ignored: 1 });
    expect(await readAsService('links', 'id', ids[0])).toHaveLength(0);
    expect(await readAsService('links', 'id', ids[2])).toHaveLength(1);
    // Ann's link, in Bob's call, is untouched.
    expect(await readAsService('links', 'id', linkId)).toHaveLength(1);
  });
});
