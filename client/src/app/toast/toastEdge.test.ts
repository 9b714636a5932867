import { describe, expect, it } from 'vitest';

import { toastEdge, workingArea } from './toastEdge';

describe('toastEdge', () => {
  it('keeps to the bottom when nothing is in the way', () => {
    expect(toastEdge(null, 800)).toBe('bottom');
  });

  it('goes to the edge with more room beside the area in use', () => {
    // A control near the foot of the screen (CALCULATE_BMI): the toast goes up.
    expect(toastEdge({ top: 700, bottom: 740 }, 800)).toBe('top');
    // A dialog that leaves more room below it than above.
    expect(toastEdge({ top: 40, bottom: 500 }, 800)).toBe('bottom');
    // A phone dialog filling the screen but for a little more at the top.
    expect(toastEdge({ top: 60, bottom: 790 }, 844)).toBe('top');
  });
});

describe('workingArea', () => {
  it('prefers the focused control, then the one focused last if still shown, then an open dialog', () => {
    document.body.innerHTML = '<button id="b">x</button><div role="dialog" data-state="open" id="d"></div>';
    const [button, dialog] = [document.getElementById('b')!, document.getElementById('d')!];
    button.getBoundingClientRect = () => ({ top: 5, bottom: 6 }) as DOMRect;
    dialog.getBoundingClientRect = () => ({ top: 1, bottom: 2 }) as DOMRect;
    button.focus();
    expect(workingArea(null)).toMatchObject({ top: 5, bottom: 6 });
    button.blur();
    expect(workingArea(null)).toMatchObject({ top: 1, bottom: 2 });
    // The button lost the focus (disabled while its request ran): the last focused control counts.
    expect(workingArea(button)).toMatchObject({ top: 5, bottom: 6 });
    button.remove();
    expect(workingArea(button)).toMatchObject({ top: 1, bottom: 2 });
    dialog.remove();
    expect(workingArea(button)).toBeNull();
  });
});
