import { type ComponentType, createElement, lazy } from 'react';

export interface LazyScreen {
  (): ReturnType<typeof createElement>;
  /** Fetches the screen's code; once it is in, the screen renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A code-split screen that can be fetched before it is first shown. React reveals a Suspense
 * boundary no sooner than 300 ms after its fallback appeared, so a first screen that suspends
 * shows that much later than its code arrives; a preloaded one renders at once.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => void (loaded = module.default),
      (err: unknown) => {
        loading = null; // a failed fetch (offline) may be tried again
        throw err;
      },
    ));
  const Suspending = lazy(() => preload().then(() => ({ default: loaded! })));
  const Screen = () => createElement(loaded ?? Suspending);
  return Object.assign(Screen, { preload });
}
