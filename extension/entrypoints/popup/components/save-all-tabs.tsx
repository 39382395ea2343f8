import { useEffect, useMemo, useState } from 'react';
import { Button } from '~shared/ui/button.tsx';
import { withDepth, type CategoryOption } from '~shared/ui/category-select.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { browser } from '../../../lib/browser.ts';
import type { CachedLink } from '../../../lib/link-cache.ts';
import { dateFolderName, planSaveAll, saveAllSummary, type WindowTab } from '../../../lib/save-all-tabs.ts';
import { loadData } from '../load-data.ts';
import { tellWorker } from '../worker.ts';

/** The folder choice's value for "a new folder named by date". */
const NEW_DATE_FOLDER = '__date__';

interface SaveAllTabsProps {
  /** The user's folders (for the name check and the "or a chosen folder" select). */
  folders: readonly CategoryOption[];
  /** Cached links: already saved pages are skipped. */
  links: readonly CachedLink[];
  onClose: () => void;
}

/**
 * 'Save all tabs': every http(s) tab of this window into a new folder named by date (or a chosen
 * one), already saved pages skipped, then a report; optionally closes the saved tabs.
 */
export function SaveAllTabs({ folders, links, onClose }: SaveAllTabsProps) {
  const [tabs, setTabs] = useState<WindowTab[] | null>(null);
  const [folderValue, setFolderValue] = useState(NEW_DATE_FOLDER);
  const [closeTabs, setCloseTabs] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<string | null>(null);

  useEffect(() => {
    void browser.tabs.query({ currentWindow: true }).then(setTabs, () => setTabs([]));
  }, []);

  const plan = useMemo(() => (tabs ? planSaveAll(tabs, links) : null), [tabs, links]);
  const newName = useMemo(
    () =>
      dateFolderName(
        new Date(),
        folders.map((folder) => folder.name),
      ),
    [folders],
  );

  async function run() {
    if (!plan) return;
    setBusy(true);
    const data = await loadData();
    try {
      const chosen = folders.find((folder) => folder.id === folderValue);
      const result = await data.saveAllTabs(plan, chosen ? { id: chosen.id, name: chosen.name } : { newName }, links);
      const summary = saveAllSummary(result);
      setReport(summary);
      showSuccessToast(result.saved > 0 ? 'Tabs saved' : 'Nothing new to save', summary);
      await tellWorker({ type: 'links:refresh' });
      if (closeTabs && result.savedTabIds.length > 0) await browser.tabs.remove(result.savedTabIds);
    } catch (error) {
      showToastMessage(data.errorToast('link.save', error));
    } finally {
      setBusy(false);
    }
  }

  const count = plan?.toSave.length ?? 0;
  return (
    <section
      aria-label="Save all tabs"
      data-testid="save-all-tabs"
      className="grid gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold">Save all tabs</h2>
        <button type="button" className="text-xs text-muted-foreground underline-offset-2 hover:underline" onClick={onClose}>
          Close
        </button>
      </div>
      {report ? (
        <p role="status" data-testid="save-all-report" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
          {report}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="save-all-plan">
            {plan === null
              ? 'Reading this window’s tabs…'
              : `${count} ${count === 1 ? 'page' : 'pages'} to save${plan.skipped.length ? `, ${plan.skipped.length} already saved (skipped)` : ''}.`}
          </p>
          <label className="grid gap-1.5 text-sm font-medium">
            Folder
            <select className={`${CONTROL_CLASS} h-10`} value={folderValue} onChange={(event) => setFolderValue(event.target.value)}>
              <option value={NEW_DATE_FOLDER}>New folder: {newName}</option>
              {folders.length > 0 ? (
                <optgroup label="Or one of your folders">
                  {/* Nested as the shared folder select shows them. */}
                  {withDepth(folders).map(([folder, depth, label]) => (
                    <option key={folder.id} value={folder.id}>
                      {`${'\u00a0\u00a0'.repeat(Math.min(depth, 8))}${depth > 0 ? '↳ ' : ''}${label}`}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={closeTabs} onChange={(event) => setCloseTabs(event.target.checked)} className="h-4 w-4" />
            Close the saved tabs
          </label>
          <Button type="button" disabled={busy || count === 0} onClick={() => void run()}>
            {busy ? 'Saving tabs…' : count > 0 ? `Save ${count} ${count === 1 ? 'tab' : 'tabs'}` : 'Nothing new to save'}
          </Button>
        </>
      )}
    </section>
  );
}
