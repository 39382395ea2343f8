import { randomUUID } from 'node:crypto';
import type { Database } from '../../supabase/local/db/index.ts';
import { anon, as, attempt, createUser, truth, uniqueName, uniqueUsername, type Actor, type Outcome, type TestUser } from './harness.ts';

/**
 * The shared-folder part of the RLS matrix: A's folder (with a subfolder) is shared with an editor
 * and a viewer; a pending invitee, a non-member and anon try the same statements. Every attempt
 * counts the rows it touched and is checked against the service role's view afterwards.
 */

export interface SharedFolderCheck {
  area: string;
  op: string;
  actor: string;
  expected: 'deny' | 'allow';
  ok: boolean;
  detail: string;
}

const isRefusal = (o: Outcome) => o.error?.code === '42501';
const describe = (o: Outcome) => (o.error ? `error ${o.error.code}: ${o.error.message}` : `${o.rowCount} row(s)`);

async function insertId(db: Database, sql: string, params: unknown[]): Promise<string> {
  return (await db.query<{ id: string }>(sql, params)).rows[0].id;
}

interface SharedWorld {
  owner: TestUser;
  editor: TestUser;
  viewer: TestUser;
  pending: TestUser;
  outsider: TestUser;
  folder: string;
  sub: string;
  /** A folder of the owner's that is not shared. */
  privateFolder: string;
}

async function createSharedWorld(db: Database): Promise<SharedWorld> {
  const mk = (name: string) => createUser(db, { firstName: name, username: uniqueUsername(name.toLowerCase()) });
  const [owner, editor, viewer, pending, outsider] = [
    await mk('Olga'),
    await mk('Ed'),
    await mk('Vera'),
    await mk('Pat'),
    await mk('Nick'),
  ];
  const folder = await insertId(db, 'insert into public.categories (user_id, name) values ($1, $2) returning id::text as id', [
    owner.id,
    uniqueName('shared'),
  ]);
  const sub = await insertId(
    db,
    'insert into public.categories (user_id, name, parent_category_id) values ($1, $2, $3) returning id::text as id',
    [owner.id, uniqueName('sub'), folder],
  );
  const privateFolder = await insertId(db, 'insert into public.categories (user_id, name) values ($1, $2) returning id::text as id', [
    owner.id,
    uniqueName('private'),
  ]);
  const member = (user: TestUser, role: string, accepted: boolean) =>
    db.query(
      `insert into public.folder_members (folder_id, owner_id, member_user_id, role, invited_by, accepted_at)
       values ($1, $2, $3, $4, $2, ${accepted ? 'now()' : 'null'})`,
      [folder, owner.id, user.id, role],
    );
  await member(editor, 'editor', true);
  await member(viewer, 'viewer', true);
  await member(pending, 'editor', false);
  return { owner, editor, viewer, pending, outsider, folder, sub, privateFolder };
}

const newLink = (db: Database, w: SharedWorld, category: string) =>
  insertId(db, 'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4) returning id::text as id', [
    w.owner.id,
    'In shared',
    `https://shared.example/${randomUUID()}`,
    category,
  ]);

export async function runSharedFolderChecks(db: Database): Promise<SharedFolderCheck[]> {
  const w = await createSharedWorld(db);
  const out: SharedFolderCheck[] = [];
  const push = (area: string, op: string, actor: string, expected: 'deny' | 'allow', ok: boolean, detail: string) =>
    out.push({ area: `shared folder: ${area}`, op, actor, expected, ok, detail });
  const actors: [string, Actor, 'editor' | 'viewer' | 'none'][] = [
    ['owner', as(w.owner), 'editor'],
    ['editor', as(w.editor), 'editor'],
    ['viewer', as(w.viewer), 'viewer'],
    ['pending invitee', as(w.pending), 'none'],
    ['non-member', as(w.outsider), 'none'],
    ['anon', anon, 'none'],
  ];
  const linkTitle = async (id: string) =>
    (await truth<{ title: string }>(db, 'select title from public.links where id = $1', [id]))[0]?.title;
  const catName = async (id: string) =>
    (await truth<{ name: string }>(db, 'select name from public.categories where id = $1', [id]))[0]?.name;
  const ownerLinks = async (category: string) =>
    Number(
      (
        await truth<{ n: number }>(db, 'select count(*)::int as n from public.links where user_id = $1 and category_id = $2', [
          w.owner.id,
          category,
        ])
      )[0].n,
    );

  for (const [name, actor, level] of actors) {
    const reads = level !== 'none';
    const writes = level === 'editor';
    // Reads: the folder, its subfolder and their links; never the owner's other folders.
    for (const [what, id] of [
      ['folder', w.folder],
      ['subfolder', w.sub],
    ] as const) {
      const o = await attempt(db, actor, 'select id from public.categories where id = $1', [id]);
      push(
        'categories',
        `select ${what}`,
        name,
        reads ? 'allow' : 'deny',
        !o.error ? o.rows.length === (reads ? 1 : 0) : isRefusal(o),
        describe(o),
      );
      const link = await newLink(db, w, id);
      const l = await attempt(db, actor, 'select id from public.links where id = $1', [link]);
      push(
        'links',
        `select link in ${what}`,
        name,
        reads ? 'allow' : 'deny',
        !l.error ? l.rows.length === (reads ? 1 : 0) : isRefusal(l),
        describe(l),
      );
    }
    if (name !== 'owner') {
      const p = await attempt(db, actor, 'select id from public.categories where id = $1', [w.privateFolder]);
      push('categories', 'select an unshared folder', name, 'deny', !p.error ? p.rows.length === 0 : isRefusal(p), describe(p));
      const pl = await newLink(db, w, w.privateFolder);
      const plr = await attempt(db, actor, 'select id from public.links where id = $1', [pl]);
      push(
        'links',
        'select a link in an unshared folder',
        name,
        'deny',
        !plr.error ? plr.rows.length === 0 : isRefusal(plr),
        describe(plr),
      );
      const pu = await attempt(db, actor, `update public.links set title = 'x' where id = $1`, [pl]);
      push(
        'links',
        'update a link in an unshared folder',
        name,
        'deny',
        (pu.error ? isRefusal(pu) : pu.rowCount === 0) && (await linkTitle(pl)) === 'In shared',
        describe(pu),
      );
    }

    // Insert a link into the shared subfolder as the owner's.
    const before = await ownerLinks(w.sub);
    const ins = await attempt(db, actor, 'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4)', [
      w.owner.id,
      `by ${name}`,
      `https://added.example/${randomUUID()}`,
      w.sub,
    ]);
    const after = await ownerLinks(w.sub);
    push(
      'links',
      'insert into subfolder',
      name,
      writes ? 'allow' : 'deny',
      writes ? !ins.error && ins.rowCount === 1 && after === before + 1 : isRefusal(ins) && after === before,
      `${describe(ins)}; ${before} -> ${after}`,
    );

    // Update, move within the tree, delete.
    const target = await newLink(db, w, w.folder);
    const up = await attempt(db, actor, `update public.links set title = 'edited' where id = $1`, [target]);
    const title = await linkTitle(target);
    push(
      'links',
      'update',
      name,
      writes ? 'allow' : 'deny',
      writes
        ? !up.error && up.rowCount === 1 && title === 'edited'
        : (up.error ? isRefusal(up) : up.rowCount === 0) && title === 'In shared',
      `${describe(up)}; title ${title}`,
    );
    const mv = await attempt(db, actor, 'update public.links set category_id = $2 where id = $1', [target, w.sub]);
    const moved = (await truth<{ c: string }>(db, 'select category_id::text as c from public.links where id = $1', [target]))[0]?.c;
    push(
      'links',
      'move to subfolder',
      name,
      writes ? 'allow' : 'deny',
      writes ? !mv.error && mv.rowCount === 1 && moved === w.sub : (mv.error ? isRefusal(mv) : mv.rowCount === 0) && moved === w.folder,
      `${describe(mv)}`,
    );
    const del = await attempt(db, actor, 'delete from public.links where id = $1', [target]);
    const gone = (await linkTitle(target)) === undefined;
    push(
      'links',
      'delete',
      name,
      writes ? 'allow' : 'deny',
      writes ? !del.error && del.rowCount === 1 && gone : (del.error ? isRefusal(del) : del.rowCount === 0) && !gone,
      `${describe(del)}`,
    );

    // Create and rename a subfolder.
    const subName = uniqueName(`sf-${name.replace(/\W/g, '')}`);
    const cins = await attempt(db, actor, 'insert into public.categories (user_id, name, parent_category_id) values ($1, $2, $3)', [
      w.owner.id,
      subName,
      w.folder,
    ]);
    const created =
      (await truth(db, 'select 1 from public.categories where name = $1 and user_id = $2', [subName, w.owner.id])).length === 1;
    push(
      'categories',
      'create subfolder',
      name,
      writes ? 'allow' : 'deny',
      writes ? !cins.error && cins.rowCount === 1 && created : isRefusal(cins) && !created,
      describe(cins),
    );
    const renamed = uniqueName('renamed');
    const ren = await attempt(db, actor, 'update public.categories set name = $2 where id = $1', [w.sub, renamed]);
    const subNow = await catName(w.sub);
    push(
      'categories',
      'rename subfolder',
      name,
      writes ? 'allow' : 'deny',
      writes
        ? !ren.error && ren.rowCount === 1 && subNow === renamed
        : (ren.error ? isRefusal(ren) : ren.rowCount === 0) && subNow !== renamed,
      describe(ren),
    );

    if (name !== 'owner') {
      // Nobody but the owner renames or deletes the shared folder itself, or takes a link out of the tree.
      const rootName = await catName(w.folder);
      const rr = await attempt(db, actor, `update public.categories set name = 'taken' where id = $1`, [w.folder]);
      push(
        'categories',
        'rename the shared folder',
        name,
        'deny',
        (rr.error ? isRefusal(rr) : rr.rowCount === 0) && (await catName(w.folder)) === rootName,
        describe(rr),
      );
      const rd = await attempt(db, actor, 'delete from public.categories where id = $1', [w.sub]);
      push(
        'categories',
        'delete subfolder',
        name,
        'deny',
        (rd.error ? isRefusal(rd) : rd.rowCount === 0) && (await catName(w.sub)) !== undefined,
        describe(rd),
      );
      const out1 = await newLink(db, w, w.folder);
      const ot = await attempt(db, actor, 'update public.links set category_id = $2 where id = $1', [out1, w.privateFolder]);
      const still = (await truth<{ c: string }>(db, 'select category_id::text as c from public.links where id = $1', [out1]))[0]?.c;
      push(
        'links',
        'move out of the shared tree',
        name,
        'deny',
        (ot.error ? isRefusal(ot) : ot.rowCount === 0) && still === w.folder,
        describe(ot),
      );
      // The second folder column too (a save files a link there): no filing into an unshared folder.
      const out2 = await newLink(db, w, w.folder);
      const o2 = await attempt(db, actor, 'update public.links set second_category_id = $2 where id = $1', [out2, w.privateFolder]);
      const second = (
        await truth<{ s: string | null }>(db, 'select second_category_id::text as s from public.links where id = $1', [out2])
      )[0]?.s;
      push(
        'links',
        'file into an unshared folder (second_category_id)',
        name,
        'deny',
        (o2.error ? isRefusal(o2) : o2.rowCount === 0) && second === null,
        describe(o2),
      );
      if (actor.kind === 'user') {
        const own = await attempt(db, actor, 'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4)', [
          actor.user.id,
          'mine',
          `https://mine.example/${randomUUID()}`,
          w.folder,
        ]);
        const mine = Number(
          (
            await truth<{ n: number }>(db, 'select count(*)::int as n from public.links where user_id = $1 and category_id = $2', [
              actor.user.id,
              w.folder,
            ])
          )[0].n,
        );
        push('links', 'insert as themself into the shared folder', name, 'deny', isRefusal(own) && mine === 0, describe(own));
      }
    }

    // folder_members: members read their own row only; the owner reads all; nobody but the RPCs writes.
    const rows = await attempt<{ id: string }>(db, actor, 'select id from public.folder_members where folder_id = $1', [w.folder]);
    const expectRows = name === 'owner' ? 3 : name === 'anon' || name === 'non-member' ? 0 : 1;
    push(
      'folder_members',
      'select',
      name,
      expectRows > 0 ? 'allow' : 'deny',
      !rows.error ? rows.rows.length === expectRows : isRefusal(rows),
      describe(rows),
    );
    const fmIns = await attempt(
      db,
      actor,
      `insert into public.folder_members (folder_id, owner_id, member_user_id, role, accepted_at) values ($1, $2, $3, 'editor', now())`,
      [w.folder, w.owner.id, w.outsider.id],
    );
    const outsiderRow = (
      await truth(db, 'select 1 from public.folder_members where folder_id = $1 and member_user_id = $2', [w.folder, w.outsider.id])
    ).length;
    push('folder_members', 'insert', name, 'deny', isRefusal(fmIns) && outsiderRow === 0, describe(fmIns));
    const fmUp = await attempt(
      db,
      actor,
      `update public.folder_members set role = 'editor', accepted_at = now() where folder_id = $1 and member_user_id = $2`,
      [w.folder, w.viewer.id],
    );
    const viewerRole = (
      await truth<{ role: string }>(db, 'select role from public.folder_members where folder_id = $1 and member_user_id = $2', [
        w.folder,
        w.viewer.id,
      ])
    )[0]?.role;
    push(
      'folder_members',
      'update role',
      name,
      'deny',
      (fmUp.error ? isRefusal(fmUp) : fmUp.rowCount === 0) && viewerRole === 'viewer',
      describe(fmUp),
    );
    if (name !== 'viewer' && name !== 'owner') {
      const fmDel = await attempt(db, actor, 'delete from public.folder_members where folder_id = $1 and member_user_id = $2', [
        w.folder,
        w.viewer.id,
      ]);
      const viewerStill = (
        await truth(db, 'select 1 from public.folder_members where folder_id = $1 and member_user_id = $2', [w.folder, w.viewer.id])
      ).length;
      push(
        'folder_members',
        "delete another member's row",
        name,
        'deny',
        (fmDel.error ? isRefusal(fmDel) : fmDel.rowCount === 0) && viewerStill === 1,
        describe(fmDel),
      );
    }
  }

  // A removed member loses access at once; the owner's delete is the positive control.
  const link = await newLink(db, w, w.folder);
  const seen = await attempt(db, as(w.viewer), 'select id from public.links where id = $1', [link]);
  const rm = await attempt(db, as(w.owner), 'delete from public.folder_members where folder_id = $1 and member_user_id = $2', [
    w.folder,
    w.viewer.id,
  ]);
  const unseen = await attempt(db, as(w.viewer), 'select id from public.links where id = $1', [link]);
  push(
    'folder_members',
    'owner removes viewer, viewer loses access',
    'owner',
    'allow',
    seen.rows.length === 1 && rm.rowCount === 1 && !unseen.error && unseen.rows.length === 0,
    `${describe(rm)}; before ${seen.rows.length}, after ${unseen.rows.length}`,
  );
  // A member leaves (deletes their own row) and loses access.
  const left = await attempt(db, as(w.editor), 'delete from public.folder_members where folder_id = $1 and member_user_id = $2', [
    w.folder,
    w.editor.id,
  ]);
  const afterLeave = await attempt(db, as(w.editor), 'select id from public.categories where id = $1', [w.folder]);
  push(
    'folder_members',
    'editor leaves, access gone',
    'editor',
    'allow',
    left.rowCount === 1 && afterLeave.rows.length === 0,
    `${describe(left)}; sees folder: ${afterLeave.rows.length}`,
  );
  return out;
}
