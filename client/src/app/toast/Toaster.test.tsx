import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Dialog } from '../../ui/Dialog';
import { type AppStore, createAppStore } from '../store';
import { Toaster } from './Toaster';
import { showToast, type ToastVariant } from './toastSlice';

let store: AppStore;

const notifications = () => screen.getByRole('region', { name: 'Notifications (F8)' });

function toastTitles(): string[] {
  return within(notifications())
    .queryAllByRole('listitem')
    .map((toast) => toast.querySelector('.toast__title')?.textContent ?? '');
}

/** jsdom has no PointerEvent; React reads clientX from any MouseEvent named pointer*. */
function pointer(element: Element, type: 'pointerdown' | 'pointermove' | 'pointerup', clientX: number) {
  fireEvent(element, new MouseEvent(type, { bubbles: true, clientX }));
}

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Radix captures the pointer while a toast is dragged; jsdom has no pointer capture.
    Element.prototype.setPointerCapture = () => undefined;
    Element.prototype.releasePointerCapture = () => undefined;
    Element.prototype.hasPointerCapture = () => false;
    store = createAppStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  const show = (title: string, { duration, variant }: { duration?: number; variant?: ToastVariant } = {}) =>
    act(() => void store.dispatch(showToast({ title, description: `${title} text`, duration, variant })));

  it('shows one toast at a time: a new one replaces the old', () => {
    show('Wallet Connected!');
    show('Credits Added!');
    expect(toastTitles()).toEqual(['Credits Added!']);
  });

  it('dismisses after 5000 ms by default', () => {
    show('Link Copied!');
    advance(4999);
    expect(toastTitles()).toEqual(['Link Copied!']);
    advance(1);
    expect(toastTitles()).toEqual([]);
  });

  it("gives a replacing toast its own full time (the old timer doesn't close it)", () => {
    show('First');
    advance(4000);
    show('Second');
    advance(4000);
    expect(toastTitles()).toEqual(['Second']);
    advance(1000);
    expect(toastTitles()).toEqual([]);
  });

  it('pauses while the pointer is over the notifications, and resumes when it leaves', () => {
    show('Credits Earned!');
    advance(3000);
    fireEvent.pointerMove(notifications());
    advance(10_000);
    expect(toastTitles()).toEqual(['Credits Earned!']);
    fireEvent.pointerLeave(notifications());
    advance(1999);
    expect(toastTitles()).toEqual(['Credits Earned!']);
    advance(1);
    expect(toastTitles()).toEqual([]);
  });

  it('pauses while a toast has keyboard focus', () => {
    show('Tweet Validated!');
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).focus());
    advance(10_000);
    expect(toastTitles()).toEqual(['Tweet Validated!']);
  });

  it('dismisses on a swipe right past 50 px, not on a shorter one', () => {
    show('Swipe me');
    const toast = within(notifications()).getByRole('listitem');
    pointer(toast, 'pointerdown', 100);
    pointer(toast, 'pointermove', 140);
    pointer(toast, 'pointerup', 140);
    expect(toastTitles()).toEqual(['Swipe me']);
    pointer(toast, 'pointerdown', 100);
    pointer(toast, 'pointermove', 160);
    pointer(toast, 'pointerup', 160);
    expect(toastTitles()).toEqual([]);
  });

  it('dismisses with its × button', () => {
    show('Redeemed Successfully!');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(toastTitles()).toEqual([]);
  });

  it('focuses the notification viewport on F8', () => {
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(notifications().querySelector('ol'));
  });

  it('is a plain item of the notification list (no status role inside the list)', () => {
    show('Goal Set!');
    expect(within(notifications()).getByRole('listitem').getAttribute('role')).toBeNull();
  });

  it('stays visible to screen readers while a modal dialog hides the page', () => {
    render(
      <Dialog title="BMI_REPORT_UPLOAD" onClose={() => undefined}>
        <p>Pick a report</p>
      </Dialog>,
    );
    show('Upload Failed', { variant: 'destructive' });
    expect(toastTitles()).toEqual(['Upload Failed']);
  });

  it('announces an error assertively and a success politely', () => {
    show('Payment Failed', { variant: 'destructive' });
    advance(50); // Radix writes the announcement two frames after the toast appears.
    expect(liveRegionWith('Payment Failed')?.getAttribute('aria-live')).toBe('assertive');
    show('Purchase Successful!');
    advance(50);
    expect(liveRegionWith('Purchase Successful!')?.getAttribute('aria-live')).toBe('polite');
  });
});

/** The live region (outside the visible toast) that carries `text` to screen readers. */
function liveRegionWith(text: string): Element | undefined {
  return Array.from(document.querySelectorAll('[aria-live]')).find(
    (region) => region.getAttribute('aria-live') !== 'off' && region.textContent?.includes(text),
  );
}
