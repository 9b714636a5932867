import { type AppConfig, ConfigError } from '../config/config';
import { s3Origin } from '../uploads/storage/s3-origin.rules';

/**
 * Where the browser connects besides the app's own origin (the CSP's connect-src): the Solana RPC,
 * the websocket the wallet library opens beside it, and S3 when uploads go straight there.
 * docker/csp-origins.envsh derives the same from the same variables for nginx.
 */
export function connectSources(config: Pick<AppConfig, 'solana' | 'storage'>): string[] {
  const { rpcUrl } = config.solana;
  const uploads = config.storage.driver === 's3' ? [s3Origin(config.storage.s3)] : [];
  return [rpcUrl, solanaWebsocketUrl(rpcUrl), ...uploads];
}

/**
 * The websocket @solana/web3.js opens for an RPC URL (its makeWebsocketUrl): ws(s) to the same host,
 * on the next port when the URL names one (a validator's RPC and websocket ports are adjacent).
 */
export function solanaWebsocketUrl(rpcUrl: string): string {
  const match = /^[^:]+:\/\/([^:[]+|\[[^\]]+\])(?::(\d+))?(.*)$/.exec(rpcUrl);
  if (!match) throw new ConfigError([{ variable: 'SOLANA_RPC_URL', message: `not a URL (${rpcUrl})` }]);
  const [, hostish, port, rest] = match;
  return `${rpcUrl.startsWith('https:') ? 'wss' : 'ws'}://${hostish}${port ? `:${Number(port) + 1}` : ''}${rest}`;
}
