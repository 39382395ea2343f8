import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  createCategory,
  deleteCategory,
  findSystemCategory,
  getDefaultCategory,
  listCategories,
  listSubfolders,
  updateCategory,
  uploadCategoryIcon,
  removeCategoryIconFile,
} from '../../shared/data/categories/api.ts';
import { errorToast } from '../../shared/data/errors.ts';
import { listLinks, saveLink } from '../../shared/data/links/api.ts';
import { copyTemplate, createTemplate, listTemplateCategories } from '../../shared/data/templates/api.ts';
import { isAdmin } from '../../shared/data/roles/api.ts';
import { linkSchema } from '../../shared/schemas/link.ts';
import { serviceClient } from '../setup/clients.ts';
import { dataUser, pngFile, readAsService, type DataUser } from './data-setup.ts';

let a: DataUser;
let b: DataUser;

beforeAll(async () => {
  [a, b] = await Promise.all([dataUser(), dataUser()]);
});
afterAll(async () => {
  await Promise.all([a?.client.auth.signOut(), b?.client.auth.signOut()]);
});

describe('categories', () => {
  it("lists the account's folders, default ones first then by name", async () => {
    await createCategory(a.client, { name: 'Zebra' });
    await createCategory(a.client, { name: 'Apple' });
    const list = await listCategories(a.client, a.userId);
    const firstNonDefault = list.findIndex((c) => !c.is_default);
    expect(list.slice(0, firstNonDefault).every((c) => c.is_default)).toBe(true);
    const names = list.slice(firstNonDefault).map((c) => c.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect((await getDefaultCategory(a.client, a.userId)).system_key).toBe('saved');
    expect(await listCategories(b.client, a.userId)).toEqual([]);
  });

  it('a duplicate name is "Category exists"; rename and icon change work; default folders cannot change', async () => {
    const travel = await createCategory(a.client, { name: 'Travel' });
    const dup = await createCategory(a.client, { name: 'travel' }).catch((e: unknown) => e);
    expect(errorToast('category.save', dup)).toEqual({
      title: 'Category exists',
      description: 'A category with this name already exists.',
    });

    const iconUrl = await uploadCategoryIcon(a.client, pngFile());
    expect(iconUrl).toContain(`/category-icons/${a.userId}/`);
    const renamed = await updateCategory(a.client, travel.id, { name: 'Trips', iconUrl });
    expect(renamed).toMatchObject({ name: 'Trips', icon_url: iconUrl });
    expect(await removeCategoryIconFile(a.client, iconUrl)).toBe(true);

    const saved = await getDefaultCategory(a.client, a.userId);
    await expect(updateCategory(a.client, saved.id, { name: 'Hacked' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteCategory(a.client, saved.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await readAsService('categories', 'id', saved.id))[0].name).toBe('Recently Saved Links');
  });

  it('subfolders; deleting a folder deletes its links; another user can neither rename nor delete it', async () => {
    const parent = await createCategory(a.client, { name: 'Parent' });
    const child = await createCategory(a.client, { name: 'Child', parentId: parent.id });
    expect((await listSubfolders(a.client, a.userId, parent.id)).map((c) => c.id)).toEqual([child.id]);
    const { link } = await saveLink(a.client, {
      input: linkSchema.parse({ title: 'In parent', url: 'parent.example.com', categoryId: parent.id }),
    });

    await expect(updateCategory(b.client, parent.id, { name: 'Mine now' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteCategory(b.client, parent.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(createCategory(b.client, { name: 'Sneaky', parentId: parent.id })).rejects.toMatchObject({ code: '42501' });
    expect(await readAsService('categories', 'id', parent.id)).toHaveLength(1);

    await deleteCategory(a.client, parent.id);
    expect(await readAsService('categories', 'id', child.id)).toHaveLength(0);
    expect(await readAsService('links', 'id', link.id)).toHaveLength(0);
    expect((await listLinks(a.client, a.userId)).some((l) => l.id === link.id)).toBe(false);
  });

  it('system folders exist for every account (incoming, approved, rejected)', async () => {
    for (const key of ['incoming', 'approved', 'rejected'] as const) {
      expect(await findSystemCategory(a.client, a.userId, key)).not.toBeNull();
    }
  });
});

describe('templates and roles', () => {
  it('only admins create templates; every user lists and copies them', async () => {
    expect(await isAdmin(a.client, a.userId)).toBe(false);
    await expect(createTemplate(a.client, { name: 'Not allowed' })).rejects.toMatchObject({ code: '42501' });

    const { error } = await serviceClient().from('user_roles').insert({ user_id: b.userId, role: 'admin' });
    expect(error).toBeNull();
    // Other tests on this shared stack assume no admins: revoke when done.
    onTestFinished(async () => {
      await serviceClient().from('user_roles').delete().eq('user_id', b.userId);
    });
    expect(await isAdmin(b.client, b.userId)).toBe(true);
    const template = await createTemplate(b.client, { name: `Starter ${b.userId.slice(0, 6)}` });
    expect(template.is_template).toBe(true);
    // Templates are every user's view on the shared stack (the Our Templates card): remove it when done.
    onTestFinished(async () => {
      const { error: removeError } = await serviceClient().from('categories').delete().eq('id', template.id);
      expect(removeError).toBeNull();
    });

    const listed = await listTemplateCategories(a.client);
    expect(listed.some((t) => t.id === template.id)).toBe(true);
    const copyId = await copyTemplate(a.client, { templateCategoryId: template.id, targetUserId: a.userId });
    const mine = await listCategories(a.client, a.userId);
    expect(mine.find((c) => c.id === copyId)?.name).toBe(template.name);
    // Copying into someone else's account is refused.
    await expect(copyTemplate(a.client, { templateCategoryId: template.id, targetUserId: b.userId })).rejects.toMatchObject({
      code: '42501',
      message: 'You can only copy templates into your own collection.',
    });
  });
});
