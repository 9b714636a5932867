/**
 * Dates as the user lives them: in the browser's time zone (a late-evening entry west of UTC
 * belongs to that evening, not to the next UTC day), with English month names like the rest of
 * the interface.
 */
export function formatDate(iso: string, parts: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' }): string {
  return new Date(iso).toLocaleDateString('en-US', parts);
}

/** "Mar 1": chart labels. */
export const shortDate = (iso: string): string => formatDate(iso, { month: 'short', day: 'numeric' });
