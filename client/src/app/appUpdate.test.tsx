import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { checkForUpdates, createUpdateGate, UPDATE_CHECK_MS, useHoldUpdate } from './appUpdate';

describe('the app update gate', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reloads at once when a new build takes over and nothing holds it', () => {
    const reload = vi.fn();
    const gate = createUpdateGate(reload);
    gate.idle();
    gate.navigated();
    expect(reload).not.toHaveBeenCalled();
    gate.ready();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits while an upload or a timer holds it: not when released, but when the page is hidden after', () => {
    const reload = vi.fn();
    const gate = createUpdateGate(reload);
    const releaseUpload = gate.hold();
    const releaseTimer = gate.hold();
    gate.ready();
    gate.idle();
    releaseUpload();
    gate.idle();
    expect(reload).not.toHaveBeenCalled();
    releaseTimer();
    // Released, the page is still in use (a dialog just closed on its result): the reload waits for idle.
    expect(reload).not.toHaveBeenCalled();
    gate.idle();
    expect(reload).toHaveBeenCalledTimes(1);
    gate.idle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at the next navigation even while held: leaving the page leaves its work behind anyway', () => {
    const reload = vi.fn();
    const gate = createUpdateGate(reload);
    gate.hold();
    gate.ready();
    expect(reload).not.toHaveBeenCalled();
    gate.navigated();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is held by a component while it is active, and released when it stops or unmounts', () => {
    const reload = vi.fn();
    const gate = createUpdateGate(reload);
    const { rerender, unmount } = renderHook(({ active }) => useHoldUpdate(active, gate), {
      initialProps: { active: true },
    });
    gate.ready();
    gate.idle();
    expect(reload).not.toHaveBeenCalled();
    rerender({ active: false });
    gate.idle();
    expect(reload).toHaveBeenCalledTimes(1);

    rerender({ active: true });
    gate.ready();
    unmount();
    expect(reload).toHaveBeenCalledTimes(1);
    gate.idle();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('asks the service worker for a new build every hour while online, until stopped', async () => {
    vi.useFakeTimers();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const registration = { update: vi.fn(() => Promise.resolve(undefined as never)) };
    const stop = checkForUpdates(registration);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(false);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    registration.update.mockImplementationOnce(() => Promise.reject(new Error('offline after all')));
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * UPDATE_CHECK_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });
});
