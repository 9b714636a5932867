/** The id of each screen's `main` element: the skip link's target, and where focus goes when a dialog's opener is gone. */
export const MAIN_CONTENT_ID = 'main-content';

export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}
