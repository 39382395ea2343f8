import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { categoryKeys } from '~shared/data/categories/keys.ts';
import { listSavedUrls, runImport, type ImportProgress, type ImportResult } from '~shared/data/import-export/api.ts';
import { linkKeys } from '~shared/data/links/keys.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { invalidEntriesCsv, planImport, type ImportPlan } from '~shared/rules/bookmark-import.ts';
import { Button, buttonClasses } from '~shared/ui/button.tsx';
import { downloadText } from './download.ts';
import { ImportFileError, readImportFile } from './read-import-file.ts';
import { ImportProgressBar } from './import-progress-bar.tsx';
import { ImportSummary } from './import-summary.tsx';

type State =
  | { step: 'idle'; notice?: string }
  | { step: 'reading'; fileName: string; fraction: number }
  | { step: 'importing'; fileName: string; progress: ImportProgress }
  | { step: 'summary'; fileName: string; plan: ImportPlan; result: ImportResult };

const ACCEPT = '.html,.htm,.csv,.tsv,.json,text/html,text/csv,application/json';

/** Import from a file: read and parse it, plan (duplicates, invalid entries), write in batches. */
export function ImportPanel({ userId }: { userId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const start = async (file: File) => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ step: 'reading', fileName: file.name, fraction: 0 });
    let plan: ImportPlan;
    try {
      const { parsed } = await readImportFile(file, {
        signal: abort.signal,
        onProgress: (fraction) => setState({ step: 'reading', fileName: file.name, fraction }),
      });
      if (abort.signal.aborted) throw new DOMException('Cancelled', 'AbortError');
      plan = planImport(parsed, await listSavedUrls(client, userId));
    } catch (error) {
      if (abort.signal.aborted) return setState({ step: 'idle', notice: 'Import cancelled. Nothing was imported.' });
      const message = error instanceof ImportFileError ? error.message : 'This file could not be read as bookmarks (HTML, CSV or JSON).';
      return setState({ step: 'idle', notice: message });
    }
    const result = await runImport(client, plan, {
      signal: abort.signal,
      onProgress: (progress) => setState({ step: 'importing', fileName: file.name, progress }),
    });
    controller.current = null;
    setState({ step: 'summary', fileName: file.name, plan, result });
    if (result.inserted > 0 || result.foldersCreated > 0) {
      void queryClient.invalidateQueries({ queryKey: linkKeys.all });
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    }
  };

  const cancel = () => controller.current?.abort();
  const reset = () => {
    setState({ step: 'idle' });
    if (input.current) input.current.value = '';
  };

  return (
    <section aria-labelledby="import-title" className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
      <h2 id="import-title" className="text-lg font-semibold">
        Import bookmarks
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A bookmarks file from Chrome, Edge, Firefox or Safari, an export from Raindrop, Pocket, linkding, Karakeep or Linkwarden (HTML), a
        CSV file (title, url, description, folder, created) or a JSON export from here. Folders are kept; links you already have are
        skipped.
      </p>

      {state.step === 'idle' ? (
        <div className="mt-4 space-y-3">
          <label
            className={buttonClasses(
              'primary',
              'md',
              'cursor-pointer focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 focus-within:ring-offset-background',
            )}
            data-file-button=""
          >
            Choose file
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              data-testid="import-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void start(file);
              }}
            />
          </label>
          {state.notice ? (
            <p role="status" className="text-sm text-muted-foreground">
              {state.notice}
            </p>
          ) : null}
        </div>
      ) : null}

      {state.step === 'reading' || state.step === 'importing' ? (
        <div className="mt-4 space-y-3">
          <p className="truncate text-sm font-medium">{state.fileName}</p>
          <ImportProgressBar state={state.step === 'reading' ? { reading: state.fraction } : { progress: state.progress }} />
          <Button variant="outline" onClick={cancel}>
            Cancel
          </Button>
        </div>
      ) : null}

      {state.step === 'summary' ? (
        <div className="mt-4 space-y-4">
          <ImportSummary
            plan={state.plan}
            result={state.result}
            onDownloadInvalid={() => downloadText('invalid-entries.csv', invalidEntriesCsv(state.plan.invalid), 'text/csv;charset=utf-8')}
          />
          <Button variant="outline" onClick={reset}>
            Import another file
          </Button>
        </div>
      ) : null}
    </section>
  );
}
