import type { AppConfig } from '../src/config/config';
import type { EvidenceCheck, EvidenceCheckName, ProofKind } from '../src/contract';
import { accepted } from '../src/evidence/evidence.rules';
import { EvidenceService } from '../src/evidence/evidence.service';
import { PersonDetector } from '../src/evidence/models/person-detector';
import { TextReader } from '../src/evidence/models/text-reader';
import { challengeCode } from '../src/proofs/proofs.rules';
import {
  ACTIVITY_SCREENS,
  activityScreenshot,
  audioOnly,
  loopedStill,
  notesScreenshot,
  PERSON_SOURCES,
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
 * The evidence suite: every local check on labelled samples, with the real
 * models (loaded once for the file). Genuine samples must pass (at most 1 in 10 refused), fakes
 * must all be refused. The counts and timings are printed at the end (docs/evidence.md gives the samples).
 */

const CODE = '7K2Q9X';
const MB = 1024 * 1024;

interface Outcome {
  kind: ProofKind;
  sample: string;
  genuine: boolean;
  /** For a fake: the check meant to refuse it. */
  meantFor?: EvidenceCheckName;
  accepted: boolean;
  ms: number;
  checks: EvidenceCheck[];
}

/** The first check that failed (checks stop there), or null when the file was accepted. */
const refusedBy = (checks: EvidenceCheck[]) => checks.find((c) => !c.passed)?.name ?? null;

describe('local evidence checks on labelled samples (real models)', () => {
  const people = new PersonDetector();
  const text = new TextReader();
  const evidence = new EvidenceService(people, text, { evidenceTimeLimitMs: 60_000 } as AppConfig);
  const outcomes: Outcome[] = [];
  let rssAfterLoad = 0;

  async function run(
    kind: ProofKind,
    sample: string,
    genuine: boolean,
    bytes: Buffer,
    mime: string,
    code = CODE,
    meantFor?: EvidenceCheckName,
  ): Promise<Outcome> {
    const started = Date.now();
    const checks = await evidence.check({ kind, mime, bytes }, code);
    const outcome = { kind, sample, genuine, meantFor, accepted: accepted(checks), ms: Date.now() - started, checks };
    outcomes.push(outcome);
    return outcome;
  }

  /** Each fake must be refused, and by the check it was made to fail. */
  async function refuses(kind: ProofKind, fakes: Array<[string, Buffer, string, EvidenceCheckName]>) {
    for (const [name, bytes, mime, meantFor] of fakes) await run(kind, name, false, bytes, mime, CODE, meantFor);
    const mine = outcomes.filter((o) => o.kind === kind && !o.genuine);
    expect(mine.map((o) => [o.sample, refusedBy(o.checks)])).toEqual(mine.map((o) => [o.sample, o.meantFor]));
  }

  const rate = (kind: ProofKind, genuine: boolean) => {
    const mine = outcomes.filter((o) => o.kind === kind && o.genuine === genuine);
    const wrong = mine.filter((o) => o.accepted !== genuine);
    return {
      wrong: wrong.length,
      of: mine.length,
      which: wrong.map(
        (o) =>
          `${o.sample}: ${o.checks
            .filter((c) => !c.passed)
            .map((c) => c.reason)
            .join('; ')}`,
      ),
    };
  };

  afterAll(async () => {
    await people.onModuleDestroy();
    await text.onModuleDestroy();
    removeSampleFiles();
    const perCheck = [...new Set(outcomes.flatMap((o) => o.checks.map((c) => `${o.kind} ${c.name}`)))].map((key) => {
      const [kind, name] = key.split(' ');
      const genuine = outcomes.filter((o) => o.kind === kind && o.genuine && o.checks.some((c) => c.name === name));
      const fakes = outcomes.filter((o) => o.kind === kind && o.meantFor === name);
      const rejects = genuine.filter((o) => refusedBy(o.checks) === name).length;
      const accepts = fakes.filter((o) => refusedBy(o.checks) !== name).length;
      return `${key}: genuine refused ${rejects}/${genuine.length}, fakes it must refuse let through ${accepts}/${fakes.length}`;
    });
    const lines = (['gym_selfie', 'workout_video', 'apple_watch'] as ProofKind[]).map((kind) => {
      const rejects = rate(kind, true);
      const accepts = rate(kind, false);
      const times = outcomes
        .filter((o) => o.kind === kind)
        .map((o) => o.ms)
        .sort((a, b) => a - b);
      const refused = [...rejects.which, ...accepts.which].map((w) => `\n  wrong: ${w}`).join('');
      return `${kind}: false rejects ${rejects.wrong}/${rejects.of}, false accepts ${accepts.wrong}/${accepts.of}, median ${times[Math.floor(times.length / 2)]} ms, max ${times[times.length - 1]} ms${refused}`;
    });
    console.log(
      `evidence suite\n${lines.join('\n')}\nper check:\n${perCheck.join('\n')}\nRSS after loading the models: ${Math.round(rssAfterLoad / MB)} MB`,
    );
  });

  describe('gym selfie', () => {
    it('accepts the person photos with a code on paper (at most 1 in 10 refused)', async () => {
      // Each source twice, with codes as challengeCode makes them and the paper in each of its places.
      for (let i = 0; i < 2 * PERSON_SOURCES.length; i++) {
        const code = challengeCode('evidence suite', `user-${i}`, '2026-11-23');
        await run(
          'gym_selfie',
          `selfie #${i % PERSON_SOURCES.length} with ${code}, place ${(i * 3) % 5}`,
          true,
          selfie(code, i, i * 3),
          'image/jpeg',
          code,
        );
        rssAfterLoad ||= process.memoryUsage().rss;
      }
      const { wrong, of } = rate('gym_selfie', true);
      expect(wrong / of).toBeLessThanOrEqual(0.1);
    });

    it('refuses every fake, each by its check: blank, noise, a text-only screenshot, scenery, a photo without the code, another code', async () => {
      await refuses('gym_selfie', [
        ['blank', plainImage('blank', 1), 'image/png', 'person'],
        ['noise', plainImage('noise', 2), 'image/png', 'person'],
        ['test pattern', plainImage('patterns', 3), 'image/png', 'person'],
        ['text-only screenshot with the code', textOnlyScreenshot(CODE, 4), 'image/png', 'person'],
        ['scenery with the code', scenery(8, CODE), 'image/jpeg', 'person'],
        ['a 48×48 thumbnail', plainImage('patterns', 9, 48, 48), 'image/png', 'file'],
        ['person without the code', personPhoto(0, 5), 'image/jpeg', 'code'],
        ['person with yesterday’s code', selfie('HMR4TZ', 2, 6), 'image/jpeg', 'code'],
        ['person with another code', selfie('QX7K2P', 9, 7), 'image/jpeg', 'code'],
      ]);
      const reasons = outcomes
        .filter((o) => o.kind === 'gym_selfie' && !o.genuine)
        .flatMap((o) => o.checks.filter((c) => !c.passed).map((c) => c.reason));
      expect(reasons).toContain('No person found in the selfie');
      expect(reasons).toContain(`Code ${CODE} not found: show it on paper or a screen`);
    });
  });

  describe('workout video', () => {
    it('accepts moving videos of a person, MP4 and WebM', async () => {
      for (const source of [0, 3, 5, 9, 14, 15]) {
        await run('workout_video', `video #${source}`, true, workoutVideo({ source, seed: source }), 'video/mp4');
      }
      await run(
        'workout_video',
        'video #2 (WebM)',
        true,
        workoutVideo({ source: 2, seed: 2, format: 'webm' }),
        'video/webm',
      );
      const { wrong, of } = rate('workout_video', true);
      expect(wrong / of).toBeLessThanOrEqual(0.1);
    });

    it('refuses a looped still (even with grain), a short clip, nobody, and sound only, each by its check', async () => {
      await refuses('workout_video', [
        ['looped still', loopedStill({ source: 0, seed: 1 }), 'video/mp4', 'movement'],
        ['looped still with grain', loopedStill({ source: 3, seed: 2, grain: true }), 'video/mp4', 'movement'],
        ['6 s of movement', workoutVideo({ source: 5, seconds: 6, seed: 3 }), 'video/mp4', 'duration'],
        ['moving test pattern', syntheticVideo('patterns', 12, 4), 'video/mp4', 'person'],
        ['noise', syntheticVideo('noise', 12, 5), 'video/mp4', 'person'],
        ['sound only', audioOnly(12), 'video/mp4', 'file'],
      ]);
    });
  });

  describe('activity screenshot', () => {
    it('reads the activity summaries', async () => {
      for (const [screen] of ACTIVITY_SCREENS.entries())
        await run('apple_watch', `screen #${screen}`, true, activityScreenshot(screen, screen), 'image/png');
      const { wrong, of } = rate('apple_watch', true);
      expect(wrong / of).toBeLessThanOrEqual(0.1);
    });

    it('refuses blank, noise, notes, a person photo, each by its check', async () => {
      await refuses('apple_watch', [
        ['blank', plainImage('blank', 11), 'image/png', 'activity'],
        ['noise', plainImage('noise', 12), 'image/png', 'activity'],
        ['notes', notesScreenshot(13), 'image/png', 'activity'],
        ['person photo', personPhoto(4, 14), 'image/jpeg', 'activity'],
        ['a 40×1000 strip', plainImage('blank', 15, 40, 1000), 'image/png', 'file'],
      ]);
    });
  });
});
