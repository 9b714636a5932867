import * as RadixToast from '@radix-ui/react-toast';
import { useAppDispatch, useAppSelector } from '../hooks';
import { dismissToast, TOAST_DURATION_MS } from './toastSlice';
import './toast.css';

/** Dragging a toast this far to the right dismisses it (SPEC §9). */
const SWIPE_DISMISS_PX = 50;

/**
 * The one toast on screen (SPEC §4, §9), through Radix Toast: F8 focuses the notifications, hover
 * or focus pauses the timer, a swipe right dismisses. Screen readers hear errors at once
 * (assertive) and everything else when they are done speaking (polite).
 */
export function Toaster() {
  const toast = useAppSelector((state) => state.toast.current);
  const dispatch = useAppDispatch();

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
            {toast.description && <RadixToast.Description className="toast__description">{toast.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close className="toast__close" aria-label="Dismiss notification">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      {/* A live region, so an open modal dialog leaves it visible to screen readers (they hide all
          else but live regions); "off" because Radix's own announcer does the speaking. */}
      <RadixToast.Viewport className="toast-viewport" aria-live="off" />
    </RadixToast.Provider>
  );
}
