import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The router's ScrollRestoration scrolls to the top on each navigation; jsdom has no scrolling.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

afterEach(() => {
  // Files marked `@vitest-environment node` (real web3.js against a fake RPC) have no DOM to reset.
  if (typeof window === 'undefined') return;
  cleanup();
  localStorage.clear();
  delete window.phantom;
  delete window.solana;
});
