import * as RadixToast from '@radix-ui/react-toast';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../hooks';
import { toastEdge, workingArea } from './toastEdge';
import { dismissToast, TOAST_DURATION_MS } from './toastSlice';

import './toast.css';

/** Dragging a toast this far to the right dismisses it (docs/product.md). */
const SWIPE_DISMISS_PX = 50;

/**
 * The one toast on screen (docs/product.md), through Radix Toast: F8 focuses the notifications, hover
 * or focus pauses the timer, a swipe right dismisses. Screen readers hear errors at once
 * (assertive) and everything else when they are done speaking (polite). Each toast appears at the
 * screen edge away from what the user is working with (toastEdge).
 */
export function Toaster() {
  const toast = useAppSelector((state) => state.toast.current);
  const dispatch = useAppDispatch();
  const [edge, setEdge] = useState<'top' | 'bottom'>('bottom');
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => (lastFocused.current = event.target as Element);
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  // Measured as each toast appears, before it paints: the dialog or control in use at that moment.
  const toastId = toast?.id;
  useLayoutEffect(() => {
    if (toastId !== undefined) setEdge(toastEdge(workingArea(lastFocused.current), window.innerHeight));
  }, [toastId]);

  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_DISMISS_PX}>
      {toast && (
        <RadixToast.Root
          key={toast.id}
          className={`toast toast--${toast.variant}`}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          duration={toast.duration}
          onOpenChange={(open) => !open && dispatch(dismissToast(toast.id))}
        >
          <div className="toast__body">
            <RadixToast.Title className="toast__title">{toast.title}</RadixToast.Title>
            {toast.description && (
              <RadixToast.Description className="toast__description">{toast.description}</RadixToast.Description>
            )}
          </div>
          <RadixToast.Close className="toast__close" aria-label="Dismiss notification">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      {/* A live region, so an open modal dialog leaves it visible to screen readers (they hide all
          else but live regions); "off" because Radix's own announcer does the speaking. */}
      <RadixToast.Viewport className={`toast-viewport toast-viewport--${edge}`} aria-live="off" />
    </RadixToast.Provider>
  );
}
