import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SRC = join(__dirname, '..', 'src');

/** Runs a production entry (src/main.ts, src/worker.ts, as the build runs them) to its end: exit code and every output line. */
function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ['-r', join(__dirname, 'support', 'ts-register.js'), join(SRC, entry)], {
    // Only what is given: nothing from the test process (the harness sets a JWT_SECRET there).
    env: { PATH: process.env.PATH ?? '', DATA_DIR: mkdtempSync(join(tmpdir(), 'sweat-startup-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code, lines: output.split('\n').filter((line) => line.trim()) })),
  );
}

describe('a process refused its settings says so as a JSON log line naming the variable, and exits 1', () => {
  it.each(['main.ts', 'worker.ts'])(
    '%s with NODE_ENV=production and no JWT_SECRET',
    async (entry) => {
      const { code, lines } = await run(entry, { NODE_ENV: 'production' });
      expect(code).toBe(1);
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({
          level: 60,
          context: 'Config',
          variable: 'JWT_SECRET',
          msg: 'Invalid configuration: JWT_SECRET: required when NODE_ENV=production: 32+ random characters, the same for every API and worker process',
        }),
      ]);
    },
    90_000,
  );
});
