import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineScreen, useOnline } from './OfflineScreen';

describe('the offline screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the browser going offline and back online', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(result.current).toBe(false);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(result.current).toBe(true);
  });

  it('says what is wrong and what to do, in a main landmark with a heading', () => {
    render(<OfflineScreen />);
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'OFFLINE' })).toBeTruthy();
    expect(screen.getByText(/Reconnect to sync your training/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'RETRY' })).toBeTruthy();
  });
});
