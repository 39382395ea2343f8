// The schemas /rest/v1 exposes come from supabase/config.toml [api] schemas (or PGRST_DB_SCHEMAS).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configTomlSchemas, exposedSchemas } from '../../supabase/local/rest/profiles.ts';

function toml(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'profiles-')), 'config.toml');
  fs.writeFileSync(file, text);
  return file;
}

describe('exposed schemas', () => {
  it('reads [api] schemas, not a schemas key of another section', () => {
    expect(configTomlSchemas(toml('[db]\nschemas = ["nope"]\n\n[api]\nport = 1\nschemas = ["public", "api2"]\nmax_rows = 5\n'))).toEqual([
      'public',
      'api2',
    ]);
    expect(configTomlSchemas(toml('[api]\nport = 1\n'))).toBeUndefined();
    expect(configTomlSchemas('/nonexistent/config.toml')).toBeUndefined();
  });

  it('PGRST_DB_SCHEMAS wins; the repository config lists public first', () => {
    expect(exposedSchemas({ PGRST_DB_SCHEMAS: 'api, public ,api' })).toEqual(['api', 'public']);
    expect(exposedSchemas({})[0]).toBe('public');
  });
});
