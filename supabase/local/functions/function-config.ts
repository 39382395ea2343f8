import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/**
 * Per-function settings from supabase/config.toml, the file the Supabase CLI reads on deploy:
 *   [functions.<name>]
 *   verify_jwt = false
 *   import_map = "./functions/deno.json"
 * verify_jwt defaults to true, as on hosted Supabase. The file is re-read when it changes, so
 * editing it during development needs no restart.
 */
export class FunctionConfig {
  private mtimeMs = -1;
  private verifyJwtByName = new Map<string, boolean>();
  private importMapByName = new Map<string, string>();

  constructor(
    private readonly file: string,
    private readonly log: (msg: string) => void,
  ) {}

  verifyJwt(name: string): boolean {
    this.refresh();
    return this.verifyJwtByName.get(name) ?? true;
  }

  /** The deno.json / import map named by `import_map` (relative to the supabase/ folder), if any. */
  importMap(name: string): string | undefined {
    this.refresh();
    return this.importMapByName.get(name);
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
    this.importMapByName = new Map();
    if (mtimeMs === 0) return;
    try {
      const doc = parse(fs.readFileSync(this.file, 'utf8')) as {
        functions?: Record<string, { verify_jwt?: unknown; import_map?: unknown }>;
      };
      for (const [name, section] of Object.entries(doc.functions ?? {})) {
        if (typeof section?.verify_jwt === 'boolean') this.verifyJwtByName.set(name, section.verify_jwt);
        if (typeof section?.import_map === 'string')
          this.importMapByName.set(name, path.resolve(path.dirname(this.file), section.import_map));
      }
    } catch (e) {
      // A broken config must not open every function: keep the safe default (verify) and say why.
      this.log(`functions: cannot read ${this.file}: ${(e as Error).message}; verify_jwt stays on for every function`);
    }
  }
}
