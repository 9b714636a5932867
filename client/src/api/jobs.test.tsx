import { act, renderHook } from '@testing-library/react';
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

  it("asks for the job at once (the server answers 'waiting' until the call queues it), then polls while active", async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    const states = [
      { id: 'x', name: null, state: 'waiting', progress: 0, failedReason: null },
      { id: 'x', name: 'workout.generate', state: 'active', progress: 40, failedReason: null },
    ];
    const fetchMock = mockFetch(async (url) => {
      asked.push(new URL(url).pathname);
      return jsonResponse(states[Math.min(asked.length - 1, states.length - 1)]);
    });
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result, rerender } = renderHook(({ active }) => useJobProgress(USER, 'key-12345678', active), {
      wrapper,
      initialProps: { active: true },
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(asked).toEqual([`/api/jobs/ai-${USER}-key-12345678`]);
    expect(result.current).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(result.current).toBe(40);
    rerender({ active: false });
    expect(result.current).toBeNull();
    const calls = fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});
