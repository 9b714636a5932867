import OpenAI from 'openai';
import { z } from 'zod';
import type { ChatTurn, Difficulty, ExercisePhase } from '../contract';
import { CATALOGUE } from '../workouts/catalogue';
import { buildSession, eligibleIds } from '../workouts/programming/session.rules';
import { AiProvider, AiTimeout, ChatWorkoutRequest, CoachContext, MalformedAiAnswer, PlanRequest, WorkoutPlan } from './ai.provider';

export interface OpenAiSettings {
  apiKey: string;
  baseUrl?: string;
  model: string;
  timeoutMs: number;
}

/** What the model answers when asked to read a conversation: the request, or `found: false`. */
const ChatReading = z.object({ found: z.boolean(), request: ChatWorkoutRequest.nullable() });

const PLAN_RULES = [
  'You are a certified strength and conditioning coach choosing the exercises of one workout, as JSON.',
  'Pick catalogue ids only: warmup (2-6, gentle, raising the pulse and mobilising), main (the training, in the order to do them), cooldown (2-5 stretches or breathing).',
  'Respect the request: type, difficulty, minutes, goal; give focus body parts most of the main block; nothing training avoidMuscles.',
  'Every id offered already fits the equipment at hand, the limitations and the level. The server doses each exercise to fit the minutes.',
  'notes: up to 3 short sentences on why the session looks this way (may be empty).',
].join('\n');

const BLOCKS: ExercisePhase[] = ['warmup', 'main', 'cooldown'];
const ids = (allowed: string[], max: number) => (allowed.length ? z.array(z.enum(allowed as [string, ...string[]])).max(max) : z.array(z.string()).max(0));

/** The model's choice for a request: catalogue ids per block, each an enum of the ids that request may have. */
function workoutChoice(eligible: Record<ExercisePhase, string[]>) {
  return z.object({
    name: z.string().trim().min(1).max(80),
    warmup: ids(eligible.warmup, 8),
    main: ids(eligible.main, 20),
    cooldown: ids(eligible.cooldown, 8),
    notes: z.array(z.string().max(300)).max(3),
  });
}

/** One line per offered exercise so the model can choose by movement and muscles: "id: pattern; primary muscles". */
function catalogueLines(eligible: Record<ExercisePhase, string[]>): string[] {
  const offered = new Set(BLOCKS.flatMap((block) => eligible[block]));
  return CATALOGUE.filter((e) => offered.has(e.id)).map((e) => `${e.id}: ${e.pattern}; ${e.primary.join(', ')}${e.unilateral ? '; one side at a time' : ''}`);
}

/**
 * Any OpenAI-compatible server. Answers must match the contract schemas; a malformed one throws
 * MalformedAiAnswer and a slow one AiTimeout, which the job retries. The SDK's own retries are off: BullMQ owns retrying.
 */
export class OpenAiProvider implements AiProvider {
  private readonly client: OpenAI;

  constructor(private readonly settings: OpenAiSettings) {
    this.client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, maxRetries: 0 });
  }

  get engine(): string {
    return this.settings.model.toUpperCase();
  }

  /** The model chooses from the catalogue; the server doses the choice so the minutes, levels and limits hold. */
  async generateWorkout(request: PlanRequest): Promise<WorkoutPlan> {
    const eligible = { warmup: eligibleIds(request, 'warmup'), main: eligibleIds(request, 'main'), cooldown: eligibleIds(request, 'cooldown') };
    const choice = await this.json('workout_plan', workoutChoice(eligible), PLAN_RULES, JSON.stringify({ request, catalogue: catalogueLines(eligible) }));
    const session = buildSession(request, choice);
    // The server's notes (recovery, limitations, equipment) come before the model's, which fill what room is left.
    return { name: choice.name, exercises: session.exercises, notes: [...session.notes, ...choice.notes].slice(0, 6) };
  }

  async readWorkoutRequest(history: ChatTurn[], fitnessLevel: Difficulty): Promise<ChatWorkoutRequest | null> {
    const rules = [
      'Read the fitness chat below and extract the workout the user asks for as JSON.',
      'type: strength|cardio|hiit|yoga|mixed; difficulty: beginner|intermediate|advanced (default: the user level given);',
      'minutes: the whole minutes they have, 10 to 90 (default 30); equipment: what they say they have at hand ([] for none);',
      'limitations: body parts they report injured or painful; focus: body parts they ask to train ([] for balanced);',
      'soreMuscles: muscle groups they report as sore or ask to rest.',
      'If the chat names no type, minutes, difficulty or limit at all, answer {"found": false, "request": null}.',
    ].join('\n');
    const reading = await this.json('chat_reading', ChatReading, rules, JSON.stringify({ userLevel: fitnessLevel, chat: history }));
    return reading.found ? reading.request : null;
  }

  async coachReply(context: CoachContext): Promise<string> {
    const completion = await this.timed((signal) =>
      this.client.chat.completions.create(
        {
          model: this.settings.model,
          messages: [
            {
              role: 'system',
              content: `You are a friendly, concise fitness coach (at most 120 words). Use this profile and recent training: ${JSON.stringify({ profile: context.profile, recent: context.recent })}. Do not give medical diagnoses.`,
            },
            ...context.history.map((t) => ({ role: t.role, content: t.content })),
            { role: 'user', content: context.message },
          ],
        },
        { signal },
      ),
    );
    const text = completion.choices[0]?.message?.content?.trim();
    if (!text) throw new MalformedAiAnswer('empty reply');
    return text;
  }

  /** One structured completion, parsed and checked against `schema`. */
  private async json<T>(name: string, schema: z.ZodType<T>, rules: string, input: string): Promise<T> {
    const completion = await this.timed((signal) =>
      this.client.chat.completions.create(
        {
          model: this.settings.model,
          messages: [
            { role: 'system', content: rules },
            { role: 'user', content: input },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name, schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown> },
          },
        },
        { signal },
      ),
    );
    const content = completion.choices[0]?.message?.content ?? '';
    let raw: unknown;
    try {
      raw = JSON.parse(content);
    } catch {
      throw new MalformedAiAnswer('not JSON');
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new MalformedAiAnswer(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    return parsed.data;
  }

  /**
   * One request cut off after OPENAI_TIMEOUT_MS by our own signal, so a timeout is always an
   * AiTimeout (the SDK's own timeout error depends on how the abort surfaces in the runtime).
   */
  private async timed<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    try {
      return await request(controller.signal);
    } catch (err) {
      if (controller.signal.aborted) throw new AiTimeout(this.settings.timeoutMs);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}
