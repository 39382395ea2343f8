import { useState } from 'react';
import { BRAND_NAME } from '~shared/constants.ts';
import { loadExportCollection } from '~shared/data/import-export/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { exportFileName } from '~shared/rules/bookmark-export.ts';
import { Button } from '~shared/ui/button.tsx';
import { downloadText } from './download.ts';
import { formatCount } from '~shared/rules/text.ts';

type Format = 'html' | 'csv' | 'json';
const TYPES: Record<Format, string> = { html: 'text/html;charset=utf-8', csv: 'text/csv;charset=utf-8', json: 'application/json' };

/** Export every link and folder as Netscape HTML, CSV or JSON (read in pages, built in the browser). */
export function ExportPanel() {
  const client = useDataClient();
  const [busy, setBusy] = useState<Format | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const run = async (format: Format) => {
    setBusy(format);
    setStatus(null);
    try {
      const collection = await loadExportCollection(client);
      let text: string;
      if (format === 'html') text = (await import('~shared/rules/bookmark-html.ts')).toNetscapeHtml(collection, `${BRAND_NAME} bookmarks`);
      else if (format === 'csv') text = (await import('~shared/rules/bookmark-csv.ts')).toBookmarkCsv(collection);
      else text = (await import('~shared/rules/bookmark-json.ts')).toBookmarkJson(collection);
      downloadText(exportFileName(BRAND_NAME, format), text, TYPES[format]);
      setStatus(`Exported ${formatCount(collection.links.length)} links in ${formatCount(collection.folders.length)} folders.`);
    } catch (error) {
      setStatus(`The export failed: ${error instanceof Error ? error.message : 'unknown error'}. Please try again.`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="export-title" className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
      <h2 id="export-title" className="text-lg font-semibold">
        Export
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        All your links and folders. HTML imports into Chrome, Firefox and most bookmark managers with the folder tree; CSV opens in a
        spreadsheet; JSON keeps everything (counts, descriptions, dates, folder paths) and imports back here.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {(['html', 'csv', 'json'] as const).map((format) => (
          <Button key={format} variant="outline" disabled={busy !== null} onClick={() => void run(format)}>
            {busy === format ? 'Exporting…' : `Export ${format.toUpperCase()}`}
          </Button>
        ))}
      </div>
      {status ? (
        <p role="status" className="mt-3 text-sm text-muted-foreground" data-testid="export-status">
          {status}
        </p>
      ) : null}
    </section>
  );
}
