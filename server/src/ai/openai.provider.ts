import OpenAI from 'openai';
import { z } from 'zod';
import type { ChatTurn, Difficulty } from '../contract';
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
  'You are a certified strength and conditioning coach writing one workout as JSON.',
  'Structure: warm-up exercises (phase "warmup"), the main block ("main"), cool-down ("cooldown").',
  'The total time including rests must fit the requested duration in minutes. Use more sets and shorter rests as difficulty rises.',
  'Each exercise: name, description (clear how-to instructions in 1-2 sentences), phase, prescription (e.g. "3 sets × 10–12 reps, rest 60 s"), muscles.',
  'Never include exercises training the muscles listed in avoidMuscles, nor loading the joints in limits.injuries; with limits.noEquipment use bodyweight only.',
  'notes: short sentences explaining recovery or limit choices (may be empty).',
].join('\n');

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

  generateWorkout(request: PlanRequest): Promise<WorkoutPlan> {
    return this.json('workout_plan', WorkoutPlan, PLAN_RULES, JSON.stringify(request));
  }

  async readWorkoutRequest(history: ChatTurn[], fitnessLevel: Difficulty): Promise<ChatWorkoutRequest | null> {
    const rules = [
      'Read the fitness chat below and extract the workout the user asks for as JSON.',
      'type: strength|cardio|hiit|yoga|mixed; difficulty: beginner|intermediate|advanced (default: the user level given);',
      'duration: 15|30|45|60 (the longest that fits the time they have); limits.injuries from knee|back|shoulder|wrist|ankle;',
      'limits.noEquipment when they have no equipment; soreMuscles they report as sore.',
      'If the chat names no type, duration, difficulty or limit at all, answer {"found": false, "request": null}.',
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
