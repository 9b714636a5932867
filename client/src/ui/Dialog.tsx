import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';

import { focusMainContent } from './mainContent';

import './dialog.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal card over a dimmed page, open while it is mounted. Radix Dialog moves focus into it,
 * keeps Tab inside, hides the page behind from screen readers and closes on Escape, the backdrop
 * and the × button; on close focus goes back to the control that opened it.
 */
export function Dialog({ title, onClose, children }: DialogProps) {
  // Our openers are plain buttons, not Radix triggers: remember the one that had focus.
  const [opener] = useState(() => document.activeElement);

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-backdrop">
          <RadixDialog.Content
            className="dialog"
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocus(opener);
            }}
          >
            <header className="dialog__header">
              <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
              <RadixDialog.Close className="btn btn--ghost btn--small" aria-label="Close">
                ×
              </RadixDialog.Close>
            </header>
            <div className="dialog__body">{children}</div>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The opener, or the page's main content when the opener is gone or disabled (e.g. VALIDATE_NOW after validating). */
function returnFocus(opener: Element | null) {
  if (opener instanceof HTMLElement && opener.isConnected && !opener.matches(':disabled')) opener.focus();
  else focusMainContent();
}
