import { describe, expect, it } from 'vitest';
import { isCodeLoadError } from '../../shared/rules/code-load.ts';

describe('isCodeLoadError (shared/rules/code-load.ts)', () => {
  it("knows each browser's failed import() and Vite's failed stylesheet preload", () => {
    expect(
      isCodeLoadError(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/share-link-dialog-Bx1.js')),
    ).toBe(true); // Chromium
    expect(isCodeLoadError(new TypeError('error loading dynamically imported module: http://127.0.0.1:3000/assets/a.js'))).toBe(true); // Firefox
    expect(isCodeLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isCodeLoadError(new Error('Unable to preload CSS for /assets/studio.css'))).toBe(true); // Vite
  });

  it('is false for other errors and for things that are not errors', () => {
    expect(isCodeLoadError(new TypeError('Failed to fetch'))).toBe(false); // a data request, said by its own toast
    expect(isCodeLoadError(new Error("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isCodeLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isCodeLoadError(null)).toBe(false);
  });
});
