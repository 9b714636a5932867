import { loadConfig } from '../config/config';
import { connectSources, solanaWebsocketUrl } from './content-security.rules';

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), ...env });

describe('connectSources (the CSP connect-src beside the app itself)', () => {
  it('names the Solana RPC and its websocket, and no upload store with the disk driver', () => {
    expect(
      connectSources(config({ SOLANA_RPC_URL: 'https://api.devnet.solana.com', S3_ENDPOINT: 'http://minio:9000' })),
    ).toEqual(['https://api.devnet.solana.com', 'wss://api.devnet.solana.com']);
  });

  it("names AWS's bucket origin with STORAGE_DRIVER=s3 and no endpoint, where the browser PUTs the files", () => {
    expect(
      connectSources(config({ STORAGE_DRIVER: 's3', S3_BUCKET: 'sweat-uploads', S3_REGION: 'eu-west-3' })),
    ).toContain('https://sweat-uploads.s3.eu-west-3.amazonaws.com');
  });

  it('names the S3 endpoint when there is one', () => {
    expect(
      connectSources(
        config({ STORAGE_DRIVER: 's3', S3_BUCKET: 'sweat-uploads', S3_ENDPOINT: 'https://r2.example.test/' }),
      ),
    ).toContain('https://r2.example.test');
  });
});

describe('solanaWebsocketUrl (as @solana/web3.js derives it)', () => {
  it('keeps the host and path, secure for https', () => {
    expect(solanaWebsocketUrl('https://rpc.example.test/key/abc')).toBe('wss://rpc.example.test/key/abc');
    expect(solanaWebsocketUrl('http://rpc.example.test')).toBe('ws://rpc.example.test');
  });

  it('moves to the next port when the URL names one (a validator listens on 8899 and 8900)', () => {
    expect(solanaWebsocketUrl('http://127.0.0.1:8899')).toBe('ws://127.0.0.1:8900');
    expect(solanaWebsocketUrl('http://[::1]:8899/')).toBe('ws://[::1]:8900/');
  });
});
