/**
 * The part of the screen the user is working with: the focused control (a dialog's CLOSE once its
 * result shows), else the control focused last (a button that disables itself while its request
 * runs drops the focus), else an open dialog.
 */
export function workingArea(lastFocused: Element | null, doc: Document = document): DOMRect | null {
  const focused = doc.activeElement && doc.activeElement !== doc.body ? doc.activeElement : null;
  const dialog = doc.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  const target = focused ?? (lastFocused?.isConnected ? lastFocused : null) ?? dialog;
  return target ? target.getBoundingClientRect() : null;
}

/**
 * The screen edge the toast appears at: the one with more room beside `area`, so it does not
 * cover the button pressed next (a dialog's CLOSE on a phone, CALCULATE_BMI on a desktop); the
 * bottom when nothing is in the way. Radix places nothing; this is the app's layout rule.
 */
export function toastEdge(area: Pick<DOMRect, 'top' | 'bottom'> | null, viewportHeight: number): 'top' | 'bottom' {
  if (!area) return 'bottom';
  return area.top > viewportHeight - area.bottom ? 'top' : 'bottom';
}
