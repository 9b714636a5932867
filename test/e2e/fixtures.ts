/**
 * What every e2e spec imports: `test`, `expect`, an injected Phantom wallet and a few helpers.
 *
 *   import { expect, test, signInWithPhantom, screenshot } from './fixtures';
 *   test('...', async ({ page, wallet }) => {
 *     const { user, token } = await signInWithPhantom(page);  // real challenge signed by wallet.keypair
 *     await screenshot(page, 'credits-desktop');              // → test/artifacts/screenshots/credits-desktop.png
 *   });
 *
 * Fixtures
 * - `wallet`: asking for it installs a Phantom provider in `page` before its first navigation, backed
 *   by a fresh real ed25519 keypair (`wallet.keypair`, `wallet.address`). Tests that don't ask for it
 *   run without Phantom (the "install Phantom" path). `wallet.rejectNext()` makes the next wallet
 *   request fail as if the user pressed Cancel (Error with code 4001); `wallet.requests` lists the
 *   methods called (connect, signMessage, signTransaction, disconnect) for assertions.
 * - Every context refuses requests that leave loopback (documents get a blank "offline" page, others
 *   are aborted): the app must reach internet services only through the fakes (./fakes.ts).
 *
 * The provider, at `window.phantom.solana` and `window.solana`:
 * - `isPhantom: true`, `isConnected`, `publicKey` (null until connect; then { toBase58(), toString(),
 *   toBytes(), toJSON(), equals(other) }; it is NOT a @solana/web3.js PublicKey: wrap it with
 *   `new PublicKey(provider.publicKey.toString())`, as code written for several wallets does anyway).
 * - `connect()` → { publicKey }, `disconnect()`, `on(event, fn)` / `off(...)` ('connect', 'disconnect').
 * - `signMessage(bytes, display?)` → { signature: Uint8Array(64), publicKey }: ed25519 over the bytes,
 *   signed in Node with the keypair (tweetnacl).
 * - `signTransaction(tx)`: for a legacy @solana/web3.js Transaction (recentBlockhash and feePayer set)
 *   the page serializes `tx.serializeMessage()`, Node signs those bytes, and the page calls
 *   `tx.addSignature(<the tx's own key for this wallet>, signature)` and returns the same tx, ready
 *   for `tx.serialize()` / `sendRawTransaction`. A VersionedTransaction is signed over
 *   `tx.message.serialize()` the same way. Throws if the tx needs no signature from this wallet.
 *   `signAllTransactions(txs)` signs each.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { expect, type Locator, type Page, test as base } from '@playwright/test';
import { Keypair } from '@solana/web3.js';
import { lock } from 'proper-lockfile';
import nacl from 'tweetnacl';

import type { UserView, WorkoutView } from '../../server/src/contract';
import * as samples from '../../server/test/support/evidence-samples';
import { ARTIFACTS, ROOT } from './server';

export { expect };
export { runCli, serverEnv } from './server';

export interface Wallet {
  keypair: Keypair;
  address: string;
  /** Wallet methods the page called, in order. */
  requests: string[];
  /** The next wallet request (connect or a signature) is refused, as when the user presses Cancel. */
  rejectNext(): void;
}

/** The page → Node bridge: approve a request and, for signatures, sign its bytes. */
const BRIDGE = '__e2ePhantomBridge';
type BridgeAnswer = { approved: false } | { approved: true; signature?: number[] };

export async function injectPhantom(page: Page, keypair = Keypair.generate()): Promise<Wallet> {
  let rejectNext = false;
  const wallet: Wallet = {
    keypair,
    address: keypair.publicKey.toBase58(),
    requests: [],
    rejectNext: () => void (rejectNext = true),
  };
  await page.exposeFunction(BRIDGE, (method: string, bytes?: number[]): BridgeAnswer => {
    wallet.requests.push(method);
    if (method !== 'disconnect' && rejectNext) {
      rejectNext = false;
      return { approved: false };
    }
    if (!bytes) return { approved: true };
    return { approved: true, signature: Array.from(nacl.sign.detached(Uint8Array.from(bytes), keypair.secretKey)) };
  });
  await page.addInitScript(installPhantomProvider, {
    bridge: BRIDGE,
    address: wallet.address,
    keyBytes: Array.from(keypair.publicKey.toBytes()),
  });
  return wallet;
}

/**
 * Runs in the page (serialized by Playwright, so it may use nothing from this module's scope).
 * The types below are the minimum of @solana/web3.js transactions it touches.
 */
function installPhantomProvider({
  bridge,
  address,
  keyBytes,
}: {
  bridge: string;
  address: string;
  keyBytes: number[];
}): void {
  interface KeyLike {
    toBase58(): string;
  }
  interface TxLike {
    serializeMessage?(): Uint8Array;
    message: { serialize(): Uint8Array; staticAccountKeys: KeyLike[] };
    signatures: Array<{ publicKey: KeyLike }>;
    addSignature(key: KeyLike, signature: Uint8Array): void;
  }
  type Answer = { approved: false } | { approved: true; signature?: number[] };
  type Listener = (...args: unknown[]) => void;

  const call = (method: string, bytes?: Uint8Array): Promise<Answer> =>
    (window as unknown as Record<string, (m: string, b?: number[]) => Promise<Answer>>)[bridge](
      method,
      bytes && Array.from(bytes),
    );
  const approve = async (method: string, bytes?: Uint8Array): Promise<Uint8Array> => {
    const answer = await call(method, bytes);
    if (!answer.approved) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    return Uint8Array.from(answer.signature ?? []);
  };
  const key = {
    toBase58: () => address,
    toString: () => address,
    toJSON: () => address,
    toBytes: () => Uint8Array.from(keyBytes),
    equals: (other: unknown) => String(other) === address,
  };
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((fn) => fn(...args));

  const provider = {
    isPhantom: true,
    isConnected: false,
    publicKey: null as typeof key | null,
    async connect() {
      await approve('connect');
      provider.isConnected = true;
      provider.publicKey = key;
      emit('connect', key);
      return { publicKey: key };
    },
    async disconnect() {
      await call('disconnect');
      provider.isConnected = false;
      provider.publicKey = null;
      emit('disconnect');
    },
    on(event: string, fn: Listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
    },
    off(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
    },
    async signMessage(message: Uint8Array) {
      return { signature: await approve('signMessage', message), publicKey: key };
    },
    async signTransaction<T extends TxLike>(tx: T): Promise<T> {
      const legacy = typeof tx.serializeMessage === 'function';
      const signature = await approve('signTransaction', legacy ? tx.serializeMessage!() : tx.message.serialize());
      // addSignature matches by key object: hand it the transaction's own key for this wallet.
      const keys = legacy ? tx.signatures.map((pair) => pair.publicKey) : tx.message.staticAccountKeys;
      const signer = keys.find((k) => k.toBase58() === address);
      if (!signer) throw new Error(`this transaction needs no signature from ${address}`);
      tx.addSignature(signer, signature);
      return tx;
    },
    async signAllTransactions<T extends TxLike>(txs: T[]): Promise<T[]> {
      const signed: T[] = [];
      for (const tx of txs) signed.push(await provider.signTransaction(tx));
      return signed;
    },
  };
  Object.assign(window, { phantom: { solana: provider }, solana: provider });
}

/** Only loopback is reachable: the app's outside services are the fakes. */
const leavesLoopback = (url: URL) =>
  url.protocol.startsWith('http') && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** A test's hold on the server's clock (holdServerClock); released at the latest when the test ends. */
export interface ClockHold {
  hold(): Promise<void>;
  release(): Promise<void>;
}

export const test = base.extend<{ wallet: Wallet; serverClock: ClockHold }>({
  context: async ({ context }, use) => {
    await context.route(leavesLoopback, (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ contentType: 'text/html', body: '<title>offline (e2e)</title>' })
        : route.abort('blockedbyclient'),
    );
    await use(context);
  },
  wallet: async ({ page }, use) => {
    await use(await injectPhantom(page));
  },
  // Playwright reads what a fixture needs from its first parameter's pattern: this one needs nothing.
  // eslint-disable-next-line no-empty-pattern
  serverClock: async ({}, use) => {
    let release: (() => Promise<void>) | undefined;
    const clockHold: ClockHold = {
      hold: async () => {
        release ??= await holdServerClock();
      },
      release: async () => {
        await release?.();
        release = undefined;
      },
    };
    await use(clockHold);
    await clockHold.release();
  },
});

export interface Session {
  token: string;
  user: UserView;
}

/** Opens the login screen, connects the injected wallet and waits for the dashboard. Needs the `wallet` fixture. */
export async function signInWithPhantom(page: Page): Promise<Session> {
  await page.goto('/');
  await page.getByRole('button', { name: 'CONNECT_PHANTOM_WALLET' }).click();
  await expect(page.getByRole('heading', { name: 'SWEAT_CREDITS_SYS' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  if (!token) throw new Error('signed in but no authToken was stored');
  const res = await page.request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return { token, user: (await res.json()) as UserView };
}

/** The server's time (its test clock: TEST_CLOCK=1 in the e2e server). */
export async function serverNow(page: Page, { token }: Pick<Session, 'token'>): Promise<Date> {
  const res = await page.request.get('/api/test/clock', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return new Date(((await res.json()) as { now: string }).now);
}

const CLOCK_LOCK = join(ARTIFACTS, 'server-clock');

/**
 * Holds the server's clock still until the returned release: the clock is one for the whole server
 * and the workers run side by side, so a test asserting that something is still too early holds it
 * from the start it checks to the refusal, and every move waits. A lock file across the worker
 * processes (proper-lockfile: atomic mkdir, refreshed while held, taken over once its holder died).
 */
async function holdServerClock(): Promise<() => Promise<void>> {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(CLOCK_LOCK, '', { flag: 'a' });
  return lock(CLOCK_LOCK, { stale: 10_000, retries: { retries: 1_200, minTimeout: 100, maxTimeout: 100 } });
}

async function withServerClock<T>(fn: () => Promise<T>): Promise<T> {
  const release = await holdServerClock();
  try {
    return await fn();
  } finally {
    await release();
  }
}

/**
 * Moves the server's clock `minutes` forward (for every spec at once: the clock is the server's,
 * so it only moves forward, and it waits while a test holds it: withServerClock), as a session's
 * half time passing. The browser's clock is the page's own (`page.clock`).
 */
export async function moveServerClock(page: Page, { token }: Pick<Session, 'token'>, minutes: number): Promise<Date> {
  const res = await withServerClock(() =>
    page.request.post('/api/test/clock', { headers: { Authorization: `Bearer ${token}` }, data: { minutes } }),
  );
  expect(res.status()).toBe(200);
  return new Date(((await res.json()) as { now: string }).now);
}

/**
 * Generates today's workout and completes all of it through the API: started, every exercise
 * ticked, half its minutes let pass on the server's clock, then completed; its credits become pending.
 */
export async function completeWorkout(page: Page, session: Session): Promise<number> {
  const { token, user } = session;
  const headers = { Authorization: `Bearer ${token}` };
  const generated = await page.request.post('/api/workout/generate', { headers, data: { userId: user.id } });
  expect(generated.ok()).toBe(true);
  const workout = (await generated.json()) as WorkoutView;
  const started = await page.request.post(`/api/workout/${workout.id}/start`, { headers, data: { userId: user.id } });
  expect(started.ok()).toBe(true);
  // The server pays the ticks it stored, so each exercise is ticked as the card ticks it.
  for (const exercise of workout.exercises) {
    const ticked = await page.request.put(`/api/workout/${workout.id}/progress`, {
      headers,
      data: { userId: user.id, exerciseId: exercise.id, done: true },
    });
    expect(ticked.ok()).toBe(true);
  }
  // To its own half time, not by a step: specs side by side share the server's clock, and steps would add up to hours.
  const halfTime =
    Date.parse(((await started.json()) as { startedAt: string }).startedAt) + Math.ceil(workout.duration / 2) * 60_000;
  const moved = await withServerClock(() =>
    page.request.post('/api/test/clock', { headers, data: { until: new Date(halfTime).toISOString() } }),
  );
  expect(moved.status()).toBe(200);
  const completed = await page.request.post('/api/workout/complete', {
    headers,
    data: {
      userId: user.id,
      workoutId: workout.id,
      completedExercises: workout.exercises.map((e) => e.id),
      creditsEarned: workout.creditsReward,
      intensity: 'intense',
    },
  });
  expect(completed.ok()).toBe(true);
  return workout.creditsReward;
}

/** The day's code the proof dialog shows (to be written on paper in the selfie), once it has loaded. */
/**
 * How long a proof slot's check may take before it shows: the evidence models run on the server's
 * worker (started on first use, so the first check of a run is slow) while other tests share the machine.
 */
export const CHECKED = { timeout: 30_000 };

export async function dayCode(dialog: Locator): Promise<string> {
  const code = dialog.getByTestId('proof-challenge');
  await expect(code).toHaveText(/^[A-Z2-9]{6}$/);
  return (await code.textContent())!;
}

/** The built server's own selfie checks, loaded once per worker on first use (models inside packages, as the server loads them). */
let selfieChecks: Promise<(bytes: Buffer, code: string) => Promise<boolean>> | null = null;
function builtServerReads(): Promise<(bytes: Buffer, code: string) => Promise<boolean>> {
  selfieChecks ??= (async () => {
    const dist = (path: string) => import(join(ROOT, 'server', 'dist', path));
    const { EvidenceService } = await dist('evidence/evidence.service.js');
    const { PersonDetector } = await dist('evidence/models/person-detector.js');
    const { TextReader } = await dist('evidence/models/text-reader.js');
    const { accepted } = await dist('evidence/evidence.rules.js');
    const evidence = new EvidenceService(new PersonDetector(), new TextReader(), { evidenceTimeLimitMs: 60_000 });
    return async (bytes: Buffer, code: string) =>
      accepted(await evidence.check({ kind: 'gym_selfie', mime: 'image/jpeg', bytes }, code));
  })();
  return selfieChecks;
}

/**
 * The three proofs of a day as the local checks accept them (a selfie showing `code`, the day's
 * code the dialog shows, one the built server's checks read; a video of a person moving; an activity
 * summary), with new bytes every call: the server refuses a file already used as a proof.
 */
export async function proofFiles(code: string) {
  const seed = randomInt(1_000_000);
  const selfie = await samples.readableSelfie(code, seed, await builtServerReads());
  return [
    { kind: 'gym_selfie', name: 'gym-selfie.jpg', mimeType: 'image/jpeg', buffer: selfie },
    {
      kind: 'workout_video',
      name: 'workout.mp4',
      mimeType: 'video/mp4',
      buffer: samples.reusedWorkoutVideo(seed % 3, seed),
    },
    { kind: 'apple_watch', name: 'watch.png', mimeType: 'image/png', buffer: samples.activityScreenshot(seed, seed) },
  ] as const;
}

/**
 * A screenshot at test/artifacts/screenshots/<name>.png (look at it). Full page by default; pass
 * `{ fullPage: false }` for what a phone shows, since a full-page capture draws fixed bars (the
 * bottom nav) where the first viewport ended, in the middle of the picture.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const dir = join(ARTIFACTS, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  const fullPage = options.fullPage ?? true;
  // A whole page is captured from its top: scrolled, the sticky header was drawn across its middle.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  // Finished transitions: a toast still fading in would otherwise be caught see-through.
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}

/** The sizes the docs' screenshots are taken at (the ones the accessibility checks use). */
const DOCS_VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

/**
 * The README's screenshots: only when DOCS_SCREENSHOTS_DIR is set, the page as it is now at desktop
 * and phone size (`<name>-desktop.png`, `<name>-phone.png` in that folder), then the viewport it had.
 * It asserts nothing, so a test runs the same with or without it.
 */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.DOCS_SCREENSHOTS_DIR;
  if (!dir) return;
  const folder = resolve(ROOT, dir);
  mkdirSync(folder, { recursive: true });
  const viewport = page.viewportSize();
  for (const [size, box] of Object.entries(DOCS_VIEWPORTS)) {
    await page.setViewportSize(box);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(folder, `${name}-${size}.png`), animations: 'disabled' });
  }
  if (viewport) await page.setViewportSize(viewport);
}

/** Fails when the two elements overlap on screen (a toast covering the button to press next). */
export async function expectNotCovering(cover: Locator, control: Locator): Promise<void> {
  const [a, b] = [await cover.boundingBox(), await control.boundingBox()];
  expect(a && b, 'both are on screen').toBeTruthy();
  const overlap =
    a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `${JSON.stringify(a)} covers ${JSON.stringify(b)}`).toBe(false);
}
