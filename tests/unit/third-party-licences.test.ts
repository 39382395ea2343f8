import { describe, expect, it } from 'vitest';
import { packageDirOf } from '../../web/third-party-licences.ts';

describe('packageDirOf', () => {
  it('names the innermost package of a bundled module', () => {
    expect(packageDirOf('/r/node_modules/react/index.js')).toBe('/r/node_modules/react');
    expect(packageDirOf('/r/node_modules/@tanstack/react-query/build/x.js')).toBe('/r/node_modules/@tanstack/react-query');
    expect(packageDirOf('/r/node_modules/a/node_modules/b/lib/c.js?commonjs-exports')).toBe('/r/node_modules/a/node_modules/b');
    expect(packageDirOf('\0/r/node_modules/zod/v4/index.js')).toBe('/r/node_modules/zod');
  });

  it('leaves our own modules out', () => {
    expect(packageDirOf('/r/shared/rules/url.ts')).toBeNull();
  });
});
