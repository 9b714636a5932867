import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { startTestApp, TestApp } from './harness';

const ROOT = resolve(__dirname, '..', '..');
const DOCKER = join(ROOT, 'docker');
const RPC = 'https://rpc.example.test';

/** The client container's environment once the nginx image's entrypoint has sourced csp-origins.envsh. */
function nginxEnvironment(env: Record<string, string>): Record<string, string> {
  const out = execFileSync('sh', ['-c', `. ${join(DOCKER, 'csp-origins.envsh')} && env -0`], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  return Object.fromEntries(
    out
      .split('\0')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** The headers of nginx's snippet, filled as the nginx image fills its templates (envsubst leaves an undefined variable as written). */
function nginxHeaders(env: Record<string, string>): Map<string, string> {
  const template = readFileSync(join(DOCKER, 'security-headers.inc.template'), 'utf8');
  const filled = template.replace(/\$\{(\w+)\}/g, (written, name: string) => env[name] ?? written);
  const headers = new Map<string, string>();
  for (const [, name, value] of filled.matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm))
    headers.set(name.toLowerCase(), value.replace(/ +;/g, ';').replace(/ {2,}/g, ' '));
  return headers;
}

/** The security headers of one API answer, without the per-response ones. */
async function apiSecurityHeaders(t: TestApp): Promise<Record<string, string>> {
  const all = (await t.http.get('/api/health/live').expect(200)).headers as Record<string, string>;
  return Object.fromEntries(
    Object.entries(all).filter(
      ([name]) =>
        !['x-request-id', 'content-type', 'content-length', 'etag', 'date', 'connection', 'keep-alive'].includes(name),
    ),
  );
}

describe('nginx (docker) sends the security headers the API sends', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ SOLANA_RPC_URL: RPC }, { workers: false })));
  afterAll(() => t.close());

  it('has the same headers and values as helmet, the CSP allowing the configured Solana RPC, and HSTS', async () => {
    const api = await apiSecurityHeaders(t);
    const nginx = nginxHeaders(
      nginxEnvironment({
        SOLANA_RPC_URL: RPC,
        STORAGE_DRIVER: 'disk',
        S3_ENDPOINT: '',
        S3_BUCKET: '',
        S3_REGION: 'us-east-1',
      }),
    );
    expect(Object.fromEntries(nginx)).toEqual(api);
    expect(nginx.get('content-security-policy')).toContain(`connect-src 'self' ${RPC} wss://rpc.example.test;`);
    expect(nginx.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('is given by compose every variable the CSP is derived from', () => {
    const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    const clientEnvironment = compose
      .slice(compose.indexOf('\n  client:'))
      .match(/\n {4}environment:\n((?: {6}.*\n)+)/)![1];
    const passed = [...clientEnvironment.matchAll(/^ {6}(\w+):/gm)].map(([, name]) => name);
    expect(passed.sort()).toEqual(['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'SOLANA_RPC_URL', 'STORAGE_DRIVER']);
    expect(readFileSync(join(DOCKER, 'client.Dockerfile'), 'utf8')).toContain(
      'COPY --chmod=755 docker/csp-origins.envsh /docker-entrypoint.d/15-csp-origins.envsh',
    );
  });

  it('includes them in every location that serves the client itself (add_header there replaces the server block’s)', () => {
    const conf = readFileSync(join(DOCKER, 'nginx.conf'), 'utf8');
    const locations = [...conf.matchAll(/location (\S+) \{([^}]*)\}/g)];
    const servingFiles = locations.filter(([, , body]) => !body.includes('proxy_pass'));
    expect(servingFiles.map(([, path]) => path)).toEqual(['/assets/', '/']);
    for (const [, , body] of servingFiles) expect(body).toContain('include /etc/nginx/conf.d/security-headers.inc;');
    expect(readFileSync(join(DOCKER, 'client.Dockerfile'), 'utf8')).toContain(
      'COPY docker/security-headers.inc.template /etc/nginx/templates/',
    );
  });
});

describe('the same Content-Security-Policy with uploads going straight to AWS S3 (no S3_ENDPOINT) and an RPC on a named port', () => {
  const env = {
    SOLANA_RPC_URL: 'http://127.0.0.1:8899',
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'sweat-uploads',
    S3_REGION: 'eu-west-3',
  };
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp(env, { workers: false })));
  afterAll(() => t.close());

  it("allows the bucket's origin, where the browser PUTs, and the validator's websocket port, in the API's policy and nginx's", async () => {
    const api = await apiSecurityHeaders(t);
    expect(api['content-security-policy']).toContain(
      "connect-src 'self' http://127.0.0.1:8899 ws://127.0.0.1:8900 https://sweat-uploads.s3.eu-west-3.amazonaws.com;",
    );
    expect(nginxHeaders(nginxEnvironment({ ...env, S3_ENDPOINT: '' })).get('content-security-policy')).toBe(
      api['content-security-policy'],
    );
  });
});
