import fs from 'node:fs';
import { parse } from 'smol-toml';

/**
 * Per-function settings from supabase/config.toml, the file the Supabase CLI reads on deploy:
 *   [functions.<name>]
 *   verify_jwt = false
 * verify_jwt defaults to true, as on hosted Supabase. The file is re-read when it changes, so
 * editing it during development needs no restart.
 */
export class FunctionConfig {
  private mtimeMs = -1;
  private verifyJwtByName = new Map<string, boolean>();

  constructor(private readonly file: string, private readonly log: (msg: string) => void) {}

  verifyJwt(name: string): boolean {
    this.refresh();
    return this.verifyJwtByName.get(name) ?? true;
  }

  private refresh(): void {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(this.file).mtimeMs;
    } catch {
      mtimeMs = 0; // no config.toml: every function verifies JWTs
    }
    if (mtimeMs === this.mtimeMs) return;
    this.mtimeMs = mtimeMs;
    this.verifyJwtByName = new Map();
    if (mtimeMs === 0) return;
    try {
      const doc = parse(fs.readFileSync(this.file, 'utf8')) as { functions?: Record<string, { verify_jwt?: unknown }> };
      for (const [name, section] of Object.entries(doc.functions ?? {})) {
        if (typeof section?.verify_jwt === 'boolean') this.verifyJwtByName.set(name, section.verify_jwt);
      }
    } catch (e) {
      // A broken config must not open every function: keep the safe default (verify) and say why.
      this.log(`functions: cannot read ${this.file}: ${(e as Error).message}; verify_jwt stays on for every function`);
    }
  }
}
