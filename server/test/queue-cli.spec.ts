import '../src/cli/commands';

import type { CommandContext } from '../src/cli/registry';
import { findCommand, UsageError } from '../src/cli/registry';
import { JobsService } from '../src/queue/jobs.service';
import { startTestApp, TestApp } from './harness';

describe('operator CLI for the queues: counts, failed jobs, retry, remove', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  async function cli(name: string, ...args: string[]): Promise<{ code: number; out: string[] }> {
    const out: string[] = [];
    const ctx: CommandContext = { args, app: async () => t.app, print: (line = '') => out.push(line) };
    return { code: (await findCommand(name)!.run(ctx)) ?? 0, out };
  }

  async function failedJob(): Promise<string> {
    // Data the registry refuses: the worker fails it at once, without retries.
    const job = await t.app.get(JobsService).queue('ai').add('workout.generate', { malformed: true });
    for (let i = 0; i < 100 && (await job.getState()) !== 'failed'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return String(job.id);
  }

  it('lists a failed job with its reason, retries it, and removes it', async () => {
    const id = await failedJob();
    const counts = await cli('jobs:counts');
    expect(counts.out[0]).toMatch(/^QUEUE\s+WAITING\s+ACTIVE\s+DELAYED\s+FAILED\s+COMPLETED$/);
    expect(counts.out.find((line) => line.startsWith('ai '))).toMatch(/^ai\s+\d+\s+\d+\s+\d+\s+[1-9]\d*\s+\d+$/);

    const listed = await cli('jobs:failed', 'ai');
    const row = listed.out.find((line) => line.startsWith(`${id} `));
    expect(row).toMatch(/workout\.generate\s+1\s+\S+Z\s+Malformed data for workout\.generate/);

    expect(await cli('jobs:retry', 'ai', id)).toEqual({ code: 0, out: [`job ${id} queued again`] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await cli('jobs:failed', 'ai')).out.find((line) => line.startsWith(`${id} `))).toMatch(
      /workout\.generate\s+2\s/,
    );

    expect(await cli('jobs:remove', 'ai', id)).toEqual({ code: 0, out: [`job ${id} removed`] });
    expect((await cli('jobs:failed', 'ai')).out.some((line) => line.startsWith(`${id} `))).toBe(false);
    expect(await cli('jobs:retry', 'ai', id)).toEqual({ code: 1, out: [`no failed job ${id} in ai`] });
  });

  it('retries every failed job of a queue with --all, and refuses an unknown queue or a missing id', async () => {
    await failedJob();
    const { out } = await cli('jobs:retry', 'ai', '--all');
    expect(out[0]).toMatch(/^[1-9]\d* job\(s\) queued again$/);
    await expect(cli('jobs:failed', 'nope')).rejects.toThrow(UsageError);
    await expect(cli('jobs:remove', 'ai')).rejects.toThrow('needs a job id');
  });
});
