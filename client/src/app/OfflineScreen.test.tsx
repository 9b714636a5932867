import { act, render, renderHook, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, renderApp } from '../test/fixtures';
import { OfflineScreen, RouteLoadError, useOnline } from './OfflineScreen';

const goOffline = (onLine: { mockReturnValue: (value: boolean) => unknown }, offline: boolean) =>
  act(() => {
    onLine.mockReturnValue(!offline);
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });

describe('the offline screen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

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

  it('is what an app started without a network shows, instead of any screen', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/about');
    expect(screen.getByRole('heading', { level: 1, name: 'OFFLINE' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('once the app has run online, losing the network shows a banner and keeps the screen mounted', async () => {
    mockFetch(() => jsonResponse({}));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderApp('/about');
    const title = await screen.findByRole('heading', { level: 1, name: 'ABOUT_SWEAT_CREDITS' });
    const banner = screen.getAllByRole('status').find((status) => status.classList.contains('offline-banner'))!;
    expect(banner.textContent).toBe('');

    goOffline(onLine, true);
    expect(banner.textContent).toBe('OFFLINE Uploads resume when you reconnect');
    // The same element: nothing under the banner was unmounted.
    expect(screen.getByRole('heading', { level: 1, name: 'ABOUT_SWEAT_CREDITS' })).toBe(title);
    expect(screen.queryByRole('heading', { level: 1, name: 'OFFLINE' })).toBeNull();

    goOffline(onLine, false);
    expect(banner.textContent).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: 'ABOUT_SWEAT_CREDITS' })).toBe(title);
  });

  it("shows the OFFLINE screen for a screen whose code could not be fetched, and leaves other errors to the router's", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = (message: string) => () => {
      throw new TypeError(message);
    };
    const routerFor = (Screen: () => never) =>
      createMemoryRouter([{ children: [{ path: '/', element: <Screen />, errorElement: <RouteLoadError /> }] }]);
    const { unmount } = render(
      <RouterProvider
        router={routerFor(failing('Failed to fetch dynamically imported module: /assets/CreditsPage.js'))}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'OFFLINE' })).toBeTruthy();
    unmount();
    render(<RouterProvider router={routerFor(failing('x is not a function'))} />);
    expect(screen.queryByRole('heading', { level: 1, name: 'OFFLINE' })).toBeNull();
    expect(screen.getByText('x is not a function')).toBeTruthy();
  });
});
