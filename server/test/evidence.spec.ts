import type { AppConfig } from '../src/config/config';
import type { EvidenceCheck, ProofKind } from '../src/contract';
import { accepted } from '../src/evidence/evidence.rules';
import { challengeCode } from '../src/proofs/proofs.rules';
import { EvidenceService } from '../src/evidence/evidence.service';
import { PersonDetector } from '../src/evidence/models/person-detector';
import { TextReader } from '../src/evidence/models/text-reader';
import {
  ACTIVITY_SCREENS,
  PERSON_SOURCES,
  activityScreenshot,
  audioOnly,
  loopedStill,
  notesScreenshot,
  personPhoto,
  plainImage,
  removeSampleFiles,
  scenery,
  selfie,
  syntheticVideo,
  textOnlyScreenshot,
  workoutVideo,
} from './support/evidence-samples';

/**
 * The evidence suite (issue 17 item 4): every local check on labelled samples, with the real
 * models (loaded once for the file). Genuine samples must pass (at most 1 in 10 refused), fakes
 * must all be refused. The counts and timings are printed at the end for the README.
 */

const CODE = '7K2Q9X';
const MB = 1024 * 1024;

interface Outcome {
  kind: ProofKind;
  sample: string;
  genuine: boolean;
  accepted: boolean;
  ms: number;
  checks: EvidenceCheck[];
}

describe('local evidence checks on labelled samples (real models)', () => {
  const people = new PersonDetector();
  const text = new TextReader();
  const evidence = new EvidenceService(people, text, { evidenceTimeLimitMs: 60_000 } as AppConfig);
  const outcomes: Outcome[] = [];
  let rssAfterLoad = 0;

  async function run(kind: ProofKind, sample: string, genuine: boolean, bytes: Buffer, mime: string, code = CODE): Promise<Outcome> {
    const started = Date.now();
    const checks = await evidence.check({ kind, mime, bytes }, code);
    const outcome = { kind, sample, genuine, accepted: accepted(checks), ms: Date.now() - started, checks };
    outcomes.push(outcome);
    return outcome;
  }

  const rate = (kind: ProofKind, genuine: boolean) => {
    const mine = outcomes.filter((o) => o.kind === kind && o.genuine === genuine);
    const wrong = mine.filter((o) => o.accepted !== genuine);
    return { wrong: wrong.length, of: mine.length, which: wrong.map((o) => `${o.sample}: ${o.checks.filter((c) => !c.passed).map((c) => c.reason).join('; ')}`) };
  };

  afterAll(async () => {
    await people.onModuleDestroy();
    await text.onModuleDestroy();
    removeSampleFiles();
    const lines = (['gym_selfie', 'workout_video', 'apple_watch'] as ProofKind[]).map((kind) => {
      const rejects = rate(kind, true);
      const accepts = rate(kind, false);
      const times = outcomes.filter((o) => o.kind === kind).map((o) => o.ms).sort((a, b) => a - b);
      const refused = [...rejects.which, ...accepts.which].map((w) => `\n  wrong: ${w}`).join('');
      return `${kind}: false rejects ${rejects.wrong}/${rejects.of}, false accepts ${accepts.wrong}/${accepts.of}, median ${times[Math.floor(times.length / 2)]} ms, max ${times[times.length - 1]} ms${refused}`;
    });
    console.log(`evidence suite\n${lines.join('\n')}\nRSS after loading the models: ${Math.round(rssAfterLoad / MB)} MB`);
  });

  describe('gym selfie', () => {
    it('accepts the person photos with a code on paper (at most 1 in 10 refused)', async () => {
      // Each source twice, with codes as challengeCode makes them and the paper in each of its places.
      for (let i = 0; i < 2 * PERSON_SOURCES.length; i++) {
        const code = challengeCode('evidence suite', `user-${i}`, '2026-11-23');
        await run('gym_selfie', `selfie #${i % PERSON_SOURCES.length} with ${code}, place ${(i * 3) % 5}`, true, selfie(code, i, i * 3), 'image/jpeg', code);
        rssAfterLoad ||= process.memoryUsage().rss;
      }
      const { wrong, of } = rate('gym_selfie', true);
      expect(wrong / of).toBeLessThanOrEqual(0.1);
    });

    it('refuses every fake: blank, noise, a text-only screenshot, scenery, a photo without the code, another code', async () => {
      const fakes: Array<[string, Buffer, string]> = [
        ['blank', plainImage('blank', 1), 'image/png'],
        ['noise', plainImage('noise', 2), 'image/png'],
        ['test pattern', plainImage('patterns', 3), 'image/png'],
        ['text-only screenshot with the code', textOnlyScreenshot(CODE, 4), 'image/png'],
        ['scenery with the code', scenery(8, CODE), 'image/jpeg'],
        ['person without the code', personPhoto(0, 5), 'image/jpeg'],
        ['person with yesterday’s code', selfie('HMR4TZ', 2, 6), 'image/jpeg'],
        ['person with another code', selfie('QX7K2P', 9, 7), 'image/jpeg'],
      ];
      for (const [name, bytes, mime] of fakes) await run('gym_selfie', name, false, bytes, mime);
      expect(rate('gym_selfie', false).which).toEqual([]);
      const reasons = outcomes.filter((o) => o.kind === 'gym_selfie' && !o.genuine).flatMap((o) => o.checks.filter((c) => !c.passed).map((c) => c.reason));
      expect(reasons).toContain('No person found in the selfie');
      expect(reasons).toContain(`Code ${CODE} not found: show it on paper or a screen`);
    });
  });

  describe('workout video', () => {
    it('accepts moving videos of a person, MP4 and WebM', async () => {
      for (const source of [0, 3, 5, 9, 14, 15]) {
        await run('workout_video', `video #${source}`, true, workoutVideo({ source, seed: source }), 'video/mp4');
      }
      await run('workout_video', 'video #2 (WebM)', true, workoutVideo({ source: 2, seed: 2, format: 'webm' }), 'video/webm');
      const { wrong, of } = rate('workout_video', true);
      expect(wrong / of).toBeLessThanOrEqual(0.1);
    });

    it('refuses a looped still (even with grain), a short clip, nobody, and sound only', async () => {
      const fakes: Array<[string, Buffer]> = [
        ['looped still', loopedStill({ source: 0, seed: 1 })],
        ['looped still with grain', loopedStill({ source: 3, seed: 2, grain: true })],
        ['6 s of movement', workoutVideo({ source: 5, seconds: 6, seed: 3 })],
        ['moving test pattern', syntheticVideo('patterns', 12, 4)],
        ['noise', syntheticVideo('noise', 12, 5)],
        ['sound only', audioOnly(12)],
      ];
      for (const [name, bytes] of fakes) await run('workout_video', name, false, bytes, 'video/mp4');
      expect(rate('workout_video', false).which).toEqual([]);
    });
  });

  describe('activity screenshot', () => {
    it('reads the activity summaries', async () => {
      for (const [screen] of ACTIVITY_SCREENS.entries()) await run('apple_watch', `screen #${screen}`, true, activityScreenshot(screen, screen), 'image/png');
      const { wrong, of } = rate('apple_watch', true);
      expect(wrong / of).toBeLessThanOrEqual(0.1);
    });

    it('refuses blank, noise, notes, a person photo', async () => {
      const fakes: Array<[string, Buffer, string]> = [
        ['blank', plainImage('blank', 11), 'image/png'],
        ['noise', plainImage('noise', 12), 'image/png'],
        ['notes', notesScreenshot(13), 'image/png'],
        ['person photo', personPhoto(4, 14), 'image/jpeg'],
      ];
      for (const [name, bytes, mime] of fakes) await run('apple_watch', name, false, bytes, mime);
      expect(rate('apple_watch', false).which).toEqual([]);
    });
  });
});
