import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { lazyScreen } from './lazyScreen';

const Hello = () => <p>HELLO_SCREEN</p>;

function show(Screen: () => ReturnType<typeof Hello>) {
  return render(
    <Suspense fallback={<p>LOADING_MODULE...</p>}>
      <Screen />
    </Suspense>,
  );
}

describe('lazyScreen', () => {
  it('renders at once, without a fallback, once preloaded; fetches its code once', async () => {
    const load = vi.fn(async () => ({ default: Hello }));
    const Screen = lazyScreen(load);
    await Screen.preload();
    await Screen.preload();
    show(Screen);
    expect(screen.getByText('HELLO_SCREEN')).toBeTruthy();
    expect(screen.queryByText('LOADING_MODULE...')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when shown before its code is in', async () => {
    const Screen = lazyScreen(async () => ({ default: Hello }));
    show(Screen);
    expect(screen.getByText('LOADING_MODULE...')).toBeTruthy();
    expect(await screen.findByText('HELLO_SCREEN')).toBeTruthy();
  });

  it('tries a failed fetch again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ default: Hello });
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('Failed to fetch');
    await act(() => Screen.preload());
    show(Screen);
    expect(screen.getByText('HELLO_SCREEN')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
