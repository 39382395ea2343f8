import fs from 'node:fs/promises';
import { createReadStream, type ReadStream } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/index.ts';
import { BlobLayout, isVersion } from './paths.ts';

/**
 * Object bytes on disk, one file per version: `${dataDir}/storage/{bucket}/{name}/~{version}`.
 * A write lands in a new version file while its row statement's transaction is open; the row then
 * points at it. After commit, `settle` removes every version file the row no longer points at, so a
 * failed overwrite never destroys the previous bytes and a removed object leaves nothing behind.
 */
export class BlobStore {
  readonly layout: BlobLayout;
  /** Version files written by transactions that have not finished yet: never swept. */
  private readonly pending = new Set<string>();

  constructor(
    dataDir: string,
    private readonly db: Database,
  ) {
    this.layout = new BlobLayout(dataDir);
  }

  fileFor(bucket: string, name: string, version: string): string {
    return this.layout.versionFile(bucket, name, version);
  }

  /** Marks `file` as in flight until `release` (call it in a finally). */
  reserve(file: string): void {
    this.pending.add(file);
  }

  release(file: string): void {
    this.pending.delete(file);
  }

  async write(file: string, bytes: Buffer): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.writeFile(file, bytes, { flag: 'wx' });
        return;
      } catch (e) {
        // A concurrent sweep may have pruned the freshly made (still empty) folder: make it again.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 2) throw e;
      }
    }
  }

  /** A second name for existing bytes (move/copy): a hard link when possible, else a copy. */
  async duplicate(from: string, to: string): Promise<void> {
    await fs.mkdir(path.dirname(to), { recursive: true });
    try {
      await fs.link(from, to);
    } catch {
      await fs.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    }
  }

  async discard(file: string): Promise<void> {
    await fs.rm(file, { force: true }).catch(() => undefined);
  }

  /** Opens the bytes of a version, or undefined when they are missing. */
  async open(bucket: string, name: string, version: unknown): Promise<{ stream: () => ReadStream; size: number } | undefined> {
    if (!isVersion(version)) return undefined;
    const file = this.fileFor(bucket, name, version);
    try {
      const st = await fs.stat(file);
      if (!st.isFile()) return undefined;
      return { stream: () => createReadStream(file), size: st.size };
    } catch {
      return undefined;
    }
  }

  /** After a commit: drop the key's version files the row no longer points at, then empty folders. */
  async settle(bucket: string, name: string): Promise<void> {
    let dir: string;
    try {
      dir = this.layout.objectDir(bucket, name);
    } catch {
      return; // a name no upload could have made (inserted by SQL): nothing of ours on disk
    }
    const current = await this.db.query<{ version: string | null }>(
      'select version from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    );
    const keep = current.rows[0]?.version ? `~${current.rows[0].version}` : undefined;
    let entries: string[];
    try {
      entries = await fs.readdir(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry);
      if (entry.startsWith('~') && entry !== keep && !this.pending.has(file)) await this.discard(file);
    }
    await this.pruneEmptyFolders(dir, this.layout.bucketDir(bucket));
  }

  private async pruneEmptyFolders(from: string, stopAt: string): Promise<void> {
    for (let dir = from; dir.startsWith(stopAt + path.sep); dir = path.dirname(dir)) {
      try {
        await fs.rmdir(dir);
      } catch {
        return; // not empty (or gone): stop climbing
      }
    }
  }
}
