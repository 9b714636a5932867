import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { dismissToast, type Toast } from './toastSlice';
import './toast.css';

/** Dragging a toast this far to the right dismisses it (SPEC §9). */
export const SWIPE_DISMISS_PX = 50;

export function Toaster() {
  const toast = useAppSelector((state) => state.toast.current);
  const viewportRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    // F8 moves focus to the notifications so keyboard users can reach them.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      viewportRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div role="region" aria-label="Notifications (F8)" className="toast-region">
      <ol ref={viewportRef} tabIndex={-1} className="toast-viewport">
        {toast && <ToastItem key={toast.id} toast={toast} />}
      </ol>
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const [dragX, setDragX] = useState(0);
  const dragStartX = useRef<number | null>(null);
  const dismiss = () => dispatch(dismissToast(toast.id));

  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(dismissToast(toast.id)), toast.duration);
    return () => window.clearTimeout(timer);
  }, [dispatch, toast.id, toast.duration]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    dragStartX.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (dragStartX.current !== null) setDragX(Math.max(0, event.clientX - dragStartX.current));
  };
  const onPointerEnd = (event: PointerEvent<HTMLLIElement>) => {
    if (dragStartX.current === null) return;
    const distance = event.clientX - dragStartX.current;
    dragStartX.current = null;
    if (distance > SWIPE_DISMISS_PX) dismiss();
    else setDragX(0);
  };

  return (
    <li
      role="status"
      aria-atomic="true"
      className={`toast toast--${toast.variant}${dragX ? ' toast--dragging' : ''}`}
      style={dragX ? { transform: `translateX(${dragX}px)`, opacity: Math.max(0.2, 1 - dragX / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__description">{toast.description}</p>}
      </div>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={dismiss}>
        ×
      </button>
    </li>
  );
}
