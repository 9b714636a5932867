import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../app/store';
import { jsonResponse, mockFetch } from '../test/fixtures';
import { useJobProgress } from './jobs';

const USER = '65f0c0ffee0000000000aaaa';

describe('useJobProgress', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for the job only after one interval (it does not exist before the call that creates it), then polls', async () => {
    const asked: string[] = [];
    mockFetch(async (url) => {
      asked.push(new URL(url).pathname);
      return jsonResponse({ id: 'x', name: 'workout.generate', state: 'active', progress: 40, failedReason: null });
    });
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useJobProgress(USER, 'key-12345678', true), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual([]);
    await waitFor(() => expect(result.current).toBe(40));
    expect(asked[0]).toBe(`/api/jobs/ai-${USER}-key-12345678`);
  });

  it('never asks when the call ends within the first interval', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(async () => jsonResponse({}));
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { rerender } = renderHook(({ active }) => useJobProgress(USER, 'key-12345678', active), { wrapper, initialProps: { active: true } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    rerender({ active: false });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
