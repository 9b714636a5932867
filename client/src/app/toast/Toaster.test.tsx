import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../store';
import { Toaster } from './Toaster';
import { showToast } from './toastSlice';

let store: AppStore;

function toastTitles(): string[] {
  return screen.queryAllByRole('status').map((toast) => toast.querySelector('.toast__title')?.textContent ?? '');
}

/** jsdom has no PointerEvent; React reads clientX from any MouseEvent named pointer*. */
function pointer(element: Element, type: 'pointerdown' | 'pointermove' | 'pointerup', clientX: number) {
  fireEvent(element, new MouseEvent(type, { bubbles: true, clientX }));
}

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    store = createAppStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  const show = (title: string, duration?: number) => act(() => void store.dispatch(showToast({ title, description: `${title} text`, duration })));

  it('shows one toast at a time: a new one replaces the old', () => {
    show('Wallet Connected!');
    show('Credits Added!');
    expect(toastTitles()).toEqual(['Credits Added!']);
  });

  it('dismisses after 5000 ms by default', () => {
    show('Link Copied!');
    act(() => void vi.advanceTimersByTime(4999));
    expect(toastTitles()).toEqual(['Link Copied!']);
    act(() => void vi.advanceTimersByTime(1));
    expect(toastTitles()).toEqual([]);
  });

  it("gives a replacing toast its own full time (the old timer doesn't close it)", () => {
    show('First');
    act(() => void vi.advanceTimersByTime(4000));
    show('Second');
    act(() => void vi.advanceTimersByTime(4000));
    expect(toastTitles()).toEqual(['Second']);
    act(() => void vi.advanceTimersByTime(1000));
    expect(toastTitles()).toEqual([]);
  });

  it('dismisses on a swipe right past 50 px, not on a shorter one', () => {
    show('Swipe me');
    const toast = screen.getByRole('status');
    pointer(toast, 'pointerdown', 100);
    pointer(toast, 'pointermove', 140);
    pointer(toast, 'pointerup', 140);
    expect(toastTitles()).toEqual(['Swipe me']);
    pointer(toast, 'pointerdown', 100);
    pointer(toast, 'pointermove', 160);
    pointer(toast, 'pointerup', 160);
    expect(toastTitles()).toEqual([]);
  });

  it('focuses the notification viewport on F8', () => {
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    fireEvent.keyDown(document, { key: 'F8' });
    expect(document.activeElement).toBe(region.querySelector('ol'));
  });
});
