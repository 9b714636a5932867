/**
 * Every internet service the app talks to, faked on loopback for the end-to-end run.
 *
 *   const fakes = await startFakes();   // { env, close() }
 *   // fakes.env: the server's env vars pointing at the fakes (X_OAUTH_BASE_URL, keys, ...)
 *
 * Adding a fake is one entry in FAKES: start it (test/fakes/*.ts) and answer the env that points
 * the server at it. The fakes run in the Playwright runner process (global setup), not in the test
 * workers: a spec that must steer a fake does so over HTTP (a control route on the fake), its URL is
 * in `serverEnv()` from ./server.
 */
import type { FakeServer } from '../fakes/http-fake';
import { startFakeSolanaRpc } from '../fakes/solana-rpc';
import { startFakeXApi } from '../fakes/x-api';
import { startFakeXOAuth } from '../fakes/x-oauth';

/** The X account the fake OAuth provider signs in (its handle becomes the username). */
export const E2E_X_USER = { id: '7001', screenName: 'e2e_runner' };
const X_CONSUMER_KEY = 'e2e-consumer-key';
/** Where e2e purchases pay (any valid address: the fake RPC credits it). */
export const E2E_TREASURY = 'E2eTreasury11111111111111111111111111111111';

interface StartedFake {
  fake: FakeServer;
  env: Record<string, string>;
}

const FAKES: Array<() => Promise<StartedFake>> = [
  async () => {
    const fake = await startFakeXOAuth({ consumerKey: X_CONSUMER_KEY, user: E2E_X_USER });
    return { fake, env: { X_CONSUMER_KEY, X_CONSUMER_SECRET: 'e2e-consumer-secret', X_OAUTH_BASE_URL: fake.url } };
  },
  async () => {
    // Post look-ups for "validate tweet"; specs publish posts through the fake's control route.
    const bearerToken = 'e2e-x-bearer';
    const fake = await startFakeXApi({ bearerToken });
    return { fake, env: { X_API_BASE_URL: fake.url, X_BEARER_TOKEN: bearerToken } };
  },
  async () => {
    // The browser sends its purchase transfers here (the URL reaches it via GET /api/config) and the
    // server reads them back to verify them.
    const fake = await startFakeSolanaRpc();
    return { fake, env: { SOLANA_RPC_URL: fake.url, SOLANA_CLUSTER: 'devnet', TREASURY_ADDRESS: E2E_TREASURY } };
  },
];

export interface Fakes {
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakes(): Promise<Fakes> {
  const started: StartedFake[] = [];
  const close = async () => void (await Promise.all(started.map(({ fake }) => fake.close())));
  try {
    for (const start of FAKES) started.push(await start());
  } catch (err) {
    await close();
    throw err;
  }
  return { env: Object.assign({}, ...started.map((s) => s.env)), close };
}
