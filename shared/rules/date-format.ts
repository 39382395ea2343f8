/** 'MMM d, yyyy' ('Jan 5, 2025') without a date library. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Formats a date as 'Jan 5, 2025' in the viewer's local time zone (as date-fns' format does),
 * or in UTC with `{ utc: true }`. Returns '' for a missing or invalid date.
 */
export function formatDisplayDate(value: string | number | Date | null | undefined, options: { utc?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const [year, month, day] = options.utc
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
    : [date.getFullYear(), date.getMonth(), date.getDate()];
  return `${MONTHS[month]} ${day}, ${year}`;
}
