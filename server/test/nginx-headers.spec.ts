import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TestApp, startTestApp } from './harness';

const DOCKER = resolve(__dirname, '..', '..', 'docker');
const RPC = 'https://rpc.example.test';

/** The headers of nginx's snippet, filled as the nginx image fills its templates (envsubst). */
function nginxHeaders(env: Record<string, string>): Map<string, string> {
  const template = readFileSync(join(DOCKER, 'security-headers.inc.template'), 'utf8');
  const filled = template.replace(/\$\{(\w+)\}/g, (_, name: string) => env[name] ?? '');
  const headers = new Map<string, string>();
  for (const [, name, value] of filled.matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm)) headers.set(name.toLowerCase(), value.replace(/ +;/g, ';').replace(/ {2,}/g, ' '));
  return headers;
}

describe('nginx (docker) sends the security headers the API sends', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ SOLANA_RPC_URL: RPC }, { workers: false })));
  afterAll(() => t.close());

  it('has the same headers and values as helmet, the CSP allowing the configured Solana RPC, and HSTS', async () => {
    const api = (await t.http.get('/api/health/live').expect(200)).headers as Record<string, string>;
    const nginx = nginxHeaders({ SOLANA_RPC_URL: RPC, SOLANA_WS_URL: RPC.replace(/^http/, 'ws'), S3_ENDPOINT: '' });
    const securityHeaders = Object.keys(api).filter((name) => !['x-request-id', 'content-type', 'content-length', 'etag', 'date', 'connection', 'keep-alive'].includes(name));
    expect([...nginx.keys()].sort()).toEqual(securityHeaders.sort());
    for (const name of securityHeaders) expect([name, nginx.get(name)]).toEqual([name, api[name]]);
    expect(nginx.get('content-security-policy')).toContain(`connect-src 'self' ${RPC} wss://rpc.example.test;`);
    expect(nginx.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('includes them in every location that serves the client itself (add_header there replaces the server block’s)', () => {
    const conf = readFileSync(join(DOCKER, 'nginx.conf'), 'utf8');
    const locations = [...conf.matchAll(/location (\S+) \{([^}]*)\}/g)];
    const servingFiles = locations.filter(([, , body]) => !body.includes('proxy_pass'));
    expect(servingFiles.map(([, path]) => path)).toEqual(['/assets/', '/']);
    for (const [, , body] of servingFiles) expect(body).toContain('include /etc/nginx/conf.d/security-headers.inc;');
    expect(readFileSync(join(DOCKER, 'client.Dockerfile'), 'utf8')).toContain('COPY docker/security-headers.inc.template /etc/nginx/templates/');
  });
});
