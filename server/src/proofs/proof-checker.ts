import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';

import { MODEL_CLIENT, ModelClient } from '../ai/model-client';
import type { EvidenceCheck } from '../contract';
import type { ProofChecks } from '../contract/job-shapes';
import { accepted } from '../evidence/evidence.rules';
import { EvidenceFile, EvidenceService } from '../evidence/evidence.service';
import { MetricsService } from '../observability/metrics.service';

/** What the model must answer about a selfie, and about a watch screenshot (the video has no model check). */
const SelfieReading = z.strictObject({ showsPerson: z.boolean(), inGymLikePlace: z.boolean(), showsCode: z.boolean() });
const ScreenshotReading = z.strictObject({ showsActivityData: z.boolean() });

const vision = (passed: boolean, reason: string): EvidenceCheck => ({ name: 'vision', passed, reason });

/**
 * Checks the files of a proof before anything is credited: the local checks always (evidence/),
 * and with an OpenAI key the vision model's judgement of the selfie (a person, a gym-like place,
 * today's code) and of the watch screenshot (activity data) added to them for the files the local
 * checks accepted: the model can refuse a file, never accept one the local checks refused.
 */
@Injectable()
export class ProofChecker {
  constructor(
    @Inject(MODEL_CLIENT) private readonly model: ModelClient | null,
    private readonly evidence: EvidenceService,
    private readonly metrics: MetricsService,
  ) {}

  async check(files: EvidenceFile[], challengeCode: string): Promise<ProofChecks> {
    const checks = await Promise.all(files.map((file) => this.evidence.check(file, challengeCode)));
    // One image at a time, in the files' order, once every local check is done.
    for (const [i, file] of files.entries()) {
      if (this.model && accepted(checks[i]) && file.kind !== 'workout_video')
        checks[i].push(await this.modelCheck(file, challengeCode));
    }
    // Counted once the files are judged: a model error, retried, counts nothing.
    await this.metrics.proofChecks.inc(
      ...files.flatMap((file, i) =>
        checks[i].map((c) => ({ kind: file.kind, check: c.name, outcome: c.passed ? 'passed' : 'refused' }) as const),
      ),
    );
    return Object.fromEntries(files.map((file, i) => [file.kind, checks[i]]));
  }

  private async modelCheck(file: EvidenceFile, code: string): Promise<EvidenceCheck> {
    if (file.kind === 'gym_selfie') {
      const reading = await this.askModel(
        file,
        SelfieReading,
        `The image is a selfie. showsCode: the text ${code} is readable in it.`,
      );
      if (!reading.showsPerson || !reading.inGymLikePlace)
        return vision(false, 'Your gym selfie must show you in a gym or workout space');
      if (!reading.showsCode)
        return vision(false, `Your gym selfie must show today's code ${code} (on paper or a screen)`);
      return vision(true, `A person in a gym-like place, with code ${code}`);
    }
    const reading = await this.askModel(
      file,
      ScreenshotReading,
      'The image is a smartwatch or fitness-app screenshot. showsActivityData: it shows activity figures (steps, calories, heart rate, workout duration).',
    );
    return reading.showsActivityData
      ? vision(true, 'Activity data visible')
      : vision(
          false,
          'Your activity-watch screenshot must show activity data (steps, calories, heart rate or workout time)',
        );
  }

  private askModel<T>(file: EvidenceFile, schema: z.ZodType<T>, question: string): Promise<T> {
    // A malformed answer throws: the job retries, then the caller gets a clear 503.
    return this.model!.json('proof_check', schema, [
      { role: 'system', content: `You check proofs of a workout. Answer only what you can see. ${question}` },
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: `data:${file.mime};base64,${file.bytes.toString('base64')}` } },
        ],
      },
    ]);
  }
}
