import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import { z } from 'zod';
import { APP_CONFIG, AppConfig } from '../config/config';
import type { ProofCheckView, ProofKind } from '../contract';
import { MetricsService } from '../observability/metrics.service';
import { JobRefusal } from '../queue/job-errors';
import { checkStructure } from './proof-media.rules';
import { KIND_LABELS } from './proofs.rules';

export interface ProofFileBytes {
  kind: ProofKind;
  mime: string;
  bytes: Buffer;
}

export type ProofChecks = Record<ProofKind, ProofCheckView[]>;

/** The checks a proof file goes through, named as sweat_proof_checks_total's `check` label. */
export type ProofCheckName = 'structure' | 'person_in_gym' | 'challenge_code' | 'activity_data';

export interface ProofCheckVerdict {
  kind: ProofKind;
  check: ProofCheckName;
  outcome: 'passed' | 'refused';
}

/** What the model must answer about the two images (the video is checked structurally only). */
const VisionReading = z.strictObject({
  selfieShowsPerson: z.boolean(),
  selfieInGymLikePlace: z.boolean(),
  selfieShowsCode: z.boolean(),
  screenshotShowsActivityData: z.boolean(),
});
type VisionReading = z.infer<typeof VisionReading>;

const refuse = (message: string) => new JobRefusal('PROOF_REJECTED', message, 'Proof Rejected');
const capitalized = (kind: ProofKind) => KIND_LABELS[kind][0].toUpperCase() + KIND_LABELS[kind].slice(1);

/**
 * Looks at the three files before anything is credited: structural checks always (image size from
 * the header, video container), and with an OpenAI key a vision check of the selfie (a person, a
 * gym-like place, today's code) and of the watch screenshot (activity data). Any failure is a 422
 * naming the file and what is wrong.
 */
@Injectable()
export class ProofChecker {
  private readonly openai: OpenAI | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    const { apiKey, baseUrl, timeoutMs } = config.openai;
    this.openai = apiKey ? new OpenAI({ apiKey, baseURL: baseUrl, timeout: timeoutMs, maxRetries: 0 }) : null;
  }

  /** The verdicts are counted once the files are judged (passed or refused); a model error, retried, counts nothing. */
  async check(files: ProofFileBytes[], challengeCode: string): Promise<ProofChecks> {
    const verdicts: ProofCheckVerdict[] = [];
    try {
      const checks = await this.judge(files, challengeCode, verdicts);
      await this.metrics.countProofChecks(verdicts);
      return checks;
    } catch (err) {
      if (err instanceof JobRefusal) await this.metrics.countProofChecks(verdicts);
      throw err;
    }
  }

  private async judge(files: ProofFileBytes[], challengeCode: string, verdicts: ProofCheckVerdict[]): Promise<ProofChecks> {
    const verdict = (kind: ProofKind, check: ProofCheckName, passed: boolean) => {
      verdicts.push({ kind, check, outcome: passed ? 'passed' : 'refused' });
      return passed;
    };
    const checks = { gym_selfie: [], workout_video: [], apple_watch: [] } as ProofChecks;
    for (const file of files) {
      const structure = checkStructure(file.bytes, file.mime);
      if (!verdict(file.kind, 'structure', structure.passed)) throw refuse(`${capitalized(file.kind)}: ${structure.detail}`);
      checks[file.kind].push({ engine: 'structural', ...structure });
    }
    if (!this.openai) return checks;

    const selfie = files.find((f) => f.kind === 'gym_selfie')!;
    // No screenshot when the activity slot holds an activity file: that is read and judged apart.
    const screenshot = files.find((f) => f.kind === 'apple_watch');
    const reading = await this.askModel(selfie, screenshot, challengeCode);
    const vision = (passed: boolean, detail: string): ProofCheckView => ({ engine: 'vision', passed, detail, width: null, height: null });
    if (!verdict('gym_selfie', 'person_in_gym', reading.selfieShowsPerson && reading.selfieInGymLikePlace)) {
      throw refuse('Your gym selfie must show you in a gym or workout space');
    }
    if (!verdict('gym_selfie', 'challenge_code', reading.selfieShowsCode)) throw refuse(`Your gym selfie must show today's code ${challengeCode} (on paper or a screen)`);
    if (screenshot && !verdict('apple_watch', 'activity_data', reading.screenshotShowsActivityData)) {
      throw refuse('Your activity-watch screenshot must show activity data (steps, calories, heart rate or workout time)');
    }
    checks.gym_selfie.push(vision(true, `A person in a gym-like place, with code ${challengeCode}`));
    if (screenshot) checks.apple_watch.push(vision(true, 'Activity data visible'));
    return checks;
  }

  private async askModel(selfie: ProofFileBytes, screenshot: ProofFileBytes | undefined, code: string): Promise<VisionReading> {
    const picture = (file: ProofFileBytes): OpenAI.Chat.ChatCompletionContentPart => ({
      type: 'image_url',
      image_url: { url: `data:${file.mime};base64,${file.bytes.toString('base64')}` },
    });
    const completion = await this.openai!.chat.completions.create({
      model: this.config.openai.model,
      messages: [
        {
          role: 'system',
          content:
            'You check proofs of a workout. Image 1 is a selfie, image 2 a smartwatch or fitness-app screenshot. ' +
            `Answer only what you can see. selfieShowsCode: the text ${code} is readable in image 1. ` +
            'screenshotShowsActivityData: image 2 shows activity figures (steps, calories, heart rate, workout duration); false when there is no image 2.',
        },
        { role: 'user', content: screenshot ? [picture(selfie), picture(screenshot)] : [picture(selfie)] },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'proof_check', strict: true, schema: z.toJSONSchema(VisionReading) } },
    });
    // A malformed answer throws: the job retries, then the caller gets a clear 503.
    return VisionReading.parse(JSON.parse(completion.choices[0]?.message?.content ?? ''));
  }
}
