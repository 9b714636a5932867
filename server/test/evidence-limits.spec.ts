import type { AppConfig } from '../src/config/config';
import type { EvidenceCheck, ProofKind } from '../src/contract';
import { accepted } from '../src/evidence/evidence.rules';
import { EvidenceService } from '../src/evidence/evidence.service';
import { EvidenceTimeout } from '../src/evidence/models/lazy-engine';
import { PersonDetector } from '../src/evidence/models/person-detector';
import { TextReader } from '../src/evidence/models/text-reader';
import { decodeImage, videoFrame, withTempFile } from '../src/evidence/readers/media-files';
import {
  activityScreenshot,
  plainImage,
  pngBomb,
  removeSampleFiles,
  selfie,
  workoutVideo,
} from './support/evidence-samples';

/**
 * corrupt, truncated, mislabelled and oversized files get a
 * clear refusal (never an exception, never a hang), and no check outlasts its time limit.
 */

const CODE = 'HMR4TZ';

describe('local evidence checks on bad input and past their time limit (real models)', () => {
  const people = new PersonDetector();
  const text = new TextReader();
  const evidence = new EvidenceService(people, text, { evidenceTimeLimitMs: 60_000 } as AppConfig);
  const check = (kind: ProofKind, bytes: Buffer, mime: string) => evidence.check({ kind, mime, bytes }, CODE);
  const failed = (checks: EvidenceCheck[]) => checks.filter((c) => !c.passed).map((c) => c.reason);

  afterAll(async () => {
    await people.onModuleDestroy();
    await text.onModuleDestroy();
    removeSampleFiles();
  });

  it('refuses a decompression bomb by its header, before anything decodes it', async () => {
    const started = Date.now();
    expect(failed(await check('gym_selfie', pngBomb(30_000, 30_000), 'image/png'))).toEqual([
      'The image is too large (30000×30000): send one of at most 40 megapixels',
    ]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a file that is not what its type says, or holds no picture', async () => {
    const png = activityScreenshot(0, 1);
    expect(failed(await check('apple_watch', png, 'image/jpeg'))).toEqual([
      'The screenshot could not be read: send a JPEG, PNG or WEBP file',
    ]);
    expect(failed(await check('workout_video', png, 'video/mp4'))).toEqual([
      'The video could not be read: send a MP4, MOV or WEBM file',
    ]);
    expect(failed(await check('workout_video', Buffer.alloc(4096, 7), 'video/webm'))).toEqual([
      'The video could not be read: send a MP4, MOV or WEBM file',
    ]);
  });

  it('refuses truncated files with a reason, whatever part survived', async () => {
    const photo = selfie(CODE, 4, 1);
    for (const share of [0.05, 0.3, 0.6]) {
      const checks = await check('gym_selfie', photo.subarray(0, Math.floor(photo.length * share)), 'image/jpeg');
      expect(accepted(checks)).toBe(false);
      expect(failed(checks).length).toBeGreaterThan(0);
    }
    const video = workoutVideo({ source: 3, seed: 2 });
    for (const share of [0.01, 0.4]) {
      const checks = await check('workout_video', video.subarray(0, Math.floor(video.length * share)), 'video/mp4');
      expect(accepted(checks)).toBe(false);
      expect(failed(checks).length).toBeGreaterThan(0);
    }
  });

  it('stops a check at its time limit, refuses the file, and the next check starts the engines afresh', async () => {
    // Engines not loaded yet, and a limit shorter than loading them: the check must end near the
    // limit, not when loading ends.
    const [freshPeople, freshText] = [new PersonDetector(), new TextReader()];
    const hurried = new EvidenceService(freshPeople, freshText, { evidenceTimeLimitMs: 300 } as AppConfig);
    const started = Date.now();
    const checks = await hurried.check({ kind: 'gym_selfie', mime: 'image/jpeg', bytes: selfie(CODE, 5, 2) }, CODE);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(checks[checks.length - 1]).toEqual({
      name: 'file',
      passed: false,
      reason: 'The selfie could not be checked in time: send a shorter or smaller file',
    });

    const patient = new EvidenceService(freshPeople, freshText, { evidenceTimeLimitMs: 60_000 } as AppConfig);
    expect(
      accepted(await patient.check({ kind: 'gym_selfie', mime: 'image/jpeg', bytes: selfie(CODE, 5, 3) }, CODE)),
    ).toBe(true);
    await freshPeople.onModuleDestroy();
    await freshText.onModuleDestroy();
  });

  it('kills an ffmpeg run at its deadline', async () => {
    const video = workoutVideo({ source: 1, seconds: 12, seed: 4 });
    await withTempFile(video, async (path) => {
      const started = Date.now();
      await expect(videoFrame(path, 'video/mp4', 6, 480, Date.now() + 5)).rejects.toBeInstanceOf(EvidenceTimeout);
      await expect(decodeImage(path, 'image/png', 480, 'rgb', Date.now() - 1)).rejects.toBeInstanceOf(EvidenceTimeout);
      expect(Date.now() - started).toBeLessThan(1000);
    });
    // The same file read in time: the kill left nothing behind that blocks the next run.
    await withTempFile(plainImage('patterns', 5), async (path) => {
      expect(await decodeImage(path, 'image/png', 480, 'rgb', Date.now() + 10_000)).toMatchObject({
        width: 480,
        height: 360,
      });
    });
  });
});
