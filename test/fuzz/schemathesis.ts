import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

/** The pinned schemathesis binary, installed on first use (scripts/services.sh install-fuzz prints its path). */
export function schemathesisBinary(): string {
  const out = execFileSync('bash', [join(ROOT, 'scripts', 'services.sh'), 'install-fuzz'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return out.trim().split('\n').pop()!;
}
