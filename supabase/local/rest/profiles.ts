// The schemas /rest/v1 exposes (PostgREST's db-schemas): supabase/config.toml `[api] schemas`, or
// PGRST_DB_SCHEMAS. The first is the default; Accept-Profile / Content-Profile pick another.
import fs from 'node:fs';
import path from 'node:path';

const CONFIG_TOML = path.resolve(import.meta.dirname, '..', '..', 'config.toml');

/** `schemas = ["public", "storage"]` of the `[api]` section (a tiny reader: the file is ours and flat). */
export function configTomlSchemas(file = CONFIG_TOML): string[] | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const section = /^\[api\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const list = /^\s*schemas\s*=\s*\[([^\]]*)\]/m.exec(section)?.[1];
  if (list === undefined) return undefined;
  const names = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  return names.length > 0 ? names : undefined;
}

export function exposedSchemas(env: NodeJS.ProcessEnv = process.env): string[] {
  const fromEnv = env.PGRST_DB_SCHEMAS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const list = fromEnv && fromEnv.length > 0 ? fromEnv : (configTomlSchemas() ?? ['public']);
  return [...new Set(list)];
}
