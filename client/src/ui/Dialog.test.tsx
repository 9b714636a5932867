import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { Dialog } from './Dialog';
import { MAIN_CONTENT_ID } from './mainContent';

/** A screen with an opener; `openerStays: false` removes the opener while the dialog is open (as VALIDATE_NOW after validating). */
function Screen({ openerStays = true }: { openerStays?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      {(openerStays || !open) && (
        <button type="button" onClick={() => setOpen(true)}>
          OPEN_DIALOG
        </button>
      )}
      <button type="button">BEHIND</button>
      {open && (
        <Dialog title="TEST_DIALOG" onClose={() => setOpen(false)}>
          <input aria-label="Title" />
          <button type="button">SAVE</button>
        </Dialog>
      )}
    </main>
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'OPEN_DIALOG' }));
  return screen.getByRole('dialog', { name: 'TEST_DIALOG' });
}

describe('Dialog', () => {
  it('takes focus when it opens and hides the page behind from screen readers', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const dialog = await openDialog(user);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('button', { name: 'BEHIND' })).toBeNull();
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const dialog = await openDialog(user);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' })));
    const visited: string[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
      visited.push(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    }
    expect(visited).toEqual(['Title', 'SAVE', 'Close', 'Title']);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'SAVE' }));
  });

  it.each([
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'the × button',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' })),
    ],
  ])('closes on %s and gives focus back to its opener', async (_, close) => {
    const user = userEvent.setup();
    render(<Screen />);
    await openDialog(user);
    await close(user);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OPEN_DIALOG' })));
  });

  it('gives focus to the main content when its opener is gone', async () => {
    const user = userEvent.setup();
    render(<Screen openerStays={false} />);
    await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });
});
