import { detectFormat, type ImportFormat, type ParsedCollection } from '~shared/rules/bookmark-import.ts';

/** Chunks fed to the HTML parser between yields, so a 10 MB file never freezes the page. */
const HTML_CHUNK = 256 * 1024;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class ImportFileError extends Error {}

/**
 * Reads and parses a picked file. The parsers (htmlparser2 for HTML) are loaded here, on demand,
 * so they never weigh on the dashboard's bundle.
 */
export async function readImportFile(
  file: File,
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<{ format: ImportFormat; parsed: ParsedCollection }> {
  const text = await file.text();
  const format = detectFormat(file.name, text.slice(0, 200));
  if (format === 'json') {
    const { parseBookmarkJson, BookmarkJsonError } = await import('~shared/rules/bookmark-json.ts');
    try {
      return { format, parsed: parseBookmarkJson(text) };
    } catch (error) {
      if (error instanceof BookmarkJsonError) throw new ImportFileError(error.message);
      throw error;
    }
  }
  if (format === 'csv') {
    const { parseBookmarkCsv } = await import('~shared/rules/bookmark-csv.ts');
    return { format, parsed: parseBookmarkCsv(text) };
  }
  const { createNetscapeParser } = await import('~shared/rules/bookmark-html.ts');
  const parser = createNetscapeParser();
  for (let i = 0; i < text.length; i += HTML_CHUNK) {
    if (options.signal?.aborted) throw new DOMException('Cancelled', 'AbortError');
    parser.write(text.slice(i, i + HTML_CHUNK));
    options.onProgress?.(Math.min(1, (i + HTML_CHUNK) / text.length));
    await nextTask();
  }
  return { format, parsed: parser.end() };
}
