/**
 * What 'Refresh previews' says when it is done: how many links got a preview, and for the others
 * why not (the site could not be reached or answered an error; the page offers no icon or image;
 * anything else), so a refresh that updates nothing never looks like it did nothing for no reason.
 */
export interface RefreshTally {
  total: number;
  /** Stored a favicon or an image. */
  updated: number;
  /** Fetched, but the page has neither icon nor image. */
  empty: number;
  /** The site could not be reached, timed out or answered an error (502/504 from the function). */
  unreachable: number;
  /** Failed for another reason (limits, a link that is gone). */
  failed: number;
}

export interface RefreshSummary {
  /** True when nothing was updated: shown as a notice, not a success. */
  nothingUpdated: boolean;
  title: string;
  description: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function refreshSummary(tally: RefreshTally, scope: 'folder' | 'collection'): RefreshSummary {
  const where = scope === 'folder' ? ' in this folder' : '';
  const reasons: string[] = [];
  if (tally.unreachable > 0) reasons.push(`${plural(tally.unreachable, 'site', 'sites')} could not be reached.`);
  if (tally.empty > 0) reasons.push(`${plural(tally.empty, 'page offers', 'pages offer')} no icon or image.`);
  if (tally.failed > 0) reasons.push(`${plural(tally.failed, 'link', 'links')} could not be refreshed now; try again later.`);
  const counted = `${tally.updated} of ${plural(tally.total, 'link', 'links')} updated${where}.`;
  return {
    nothingUpdated: tally.updated === 0,
    title: tally.updated === 0 ? 'No previews updated' : 'Previews refreshed',
    description: [counted, ...reasons].join(' '),
  };
}
