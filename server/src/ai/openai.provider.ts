import { z } from 'zod';

import type { ChatTurn, ExercisePhase } from '../contract';
import { ChatDefaults, ChatWorkoutRequest, CoachContext, PlanRequest, WorkoutPlan } from '../contract/job-shapes';
import { CHAT_MESSAGES_BEFORE_GENERATE, MUSCLES, PLAN_MINUTES } from '../contract/values';
import { CATALOGUE } from '../workouts/catalogue';
import { MUSCLE_GROUP_OF } from '../workouts/catalogue/catalogue.types';
import { buildSession, eligibleIds } from '../workouts/programming/session.rules';
import { AiProvider } from './ai.provider';
import { readConversation } from './local/chat.rules';
import { coachReply as localCoachReply } from './local/coach.rules';
import { conversationScreening } from './local/coach-screening.rules';
import type { ModelClient } from './model-client';
import { checkCoachReply } from './reply-check.rules';

/** What the model answers when asked to read a conversation: the request, or `found: false`. */
const ChatReading = z.object({
  found: z.boolean(),
  request: ChatWorkoutRequest.extend({ focusMuscles: z.array(z.enum(MUSCLES)) }).nullable(),
});

const PLAN_RULES = [
  'You are a certified strength and conditioning coach choosing the exercises of one workout, as JSON.',
  'Pick catalogue ids only: warmup (2-6, gentle, raising the pulse and mobilising), main (the training, in the order to do them), cooldown (2-5 stretches or breathing).',
  'Respect the request: type, difficulty, minutes, goal; give focus body parts most of the main block, led by exercises whose prime movers are the focusMuscles named; nothing training avoidMuscles.',
  'Every id offered already fits the equipment at hand, the limitations and the level. The server doses each exercise to fit the minutes.',
  'notes: up to 3 short sentences on why the session looks this way (may be empty).',
].join('\n');

const BLOCKS: ExercisePhase[] = ['warmup', 'main', 'cooldown'];
const ids = (allowed: string[], max: number) =>
  allowed.length ? z.array(z.enum(allowed as [string, ...string[]])).max(max) : z.array(z.string()).max(0);

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
  return CATALOGUE.filter((e) => offered.has(e.id)).map(
    (e) => `${e.id}: ${e.pattern}; ${e.primary.join(', ')}${e.unilateral ? '; one side at a time' : ''}`,
  );
}

const CHAT_READING_RULES = [
  'Read the fitness chat below and extract the workout the user asks for as JSON. Later user messages override earlier ones.',
  'type: strength|cardio|hiit|yoga|mixed; difficulty: beginner|intermediate|advanced (default: profile.fitnessLevel);',
  `minutes: the time they have, ${PLAN_MINUTES.min} to ${PLAN_MINUTES.max} (default 30);`,
  'equipment: what they say is at hand, from dumbbells|kettlebell|barbell_rack|bench|machines|bands|pullup_bar|cardio_machine (a rower, bike or treadmill is cardio_machine; "no equipment" is []; default: profile.equipment);',
  'limitations: regions they report injured or painful, from knee|lower_back|shoulder|wrist|ankle|hip|neck|elbow, plus profile.limitations unless they say one has healed;',
  'focus: muscle groups they ask to train (upper body = chest, back, shoulders, arms; lower body or legs = legs, glutes);',
  'soreMuscles: muscle groups they report as sore or ask to leave out ("not legs").',
  'focusMuscles: the muscles they name within the focus ("glutes and hamstrings" = glutes, hamstrings; "biceps" = biceps), [] when they name only body parts or none.',
  'A chat that asks for a workout without details is found, with the defaults above.',
  'If the chat neither asks for a workout nor states a type, time, level, equipment, body part, limitation or soreness, answer {"found": false, "request": null}.',
].join('\n');

/** The coach's instructions: the user's profile and recent training, and how to answer the common questions. */
export function coachSystemPrompt(context: CoachContext): string {
  const { profile, recent } = context;
  const bmi = profile.bmi ? `${profile.bmi} (${profile.bmiCategory ?? 'unknown category'})` : 'unknown';
  const last = recent.lastSession
    ? `${recent.lastSession.name} (${recent.lastSession.type}, ${recent.lastSession.intensity}) at ${recent.lastSession.completedAt}`
    : 'none yet';
  return [
    'You are a friendly, concise fitness coach (at most 150 words). Answer the question actually asked, specifically, using the profile below.',
    `Profile: level ${profile.fitnessLevel}; goal ${profile.goal ?? 'not set'}; equipment ${profile.equipment.length ? profile.equipment.join(', ') : 'none stated (assume bodyweight)'}; limitations ${profile.limitations.length ? profile.limitations.join(', ') : 'none stated'}; age ${profile.age ?? 'unknown'}; height ${profile.height ?? 'unknown'} cm; weight ${profile.weight ?? 'unknown'} kg; BMI ${bmi}.`,
    profile.units === 'imperial'
      ? 'They read imperial units: give weights in lb and heights in feet and inches.'
      : 'They read metric units: give weights in kg and heights in cm.',
    `Recent training: last session ${last}; ${recent.sessionsLast7Days} sessions in the last 7 days; recovering (trained hard in 48 h): ${recent.recentlyTrained.join(', ') || 'nothing'}.`,
    'Never suggest exercises that load a stated limitation or need equipment they do not have.',
    ...(profile.screening
      ? [`Health screening, to keep to in every answer: ${profile.screening.notes.join(' ')}`]
      : []),
    'Pain or injury: say what to avoid and what to do instead, and to see a physiotherapist or doctor when pain is sharp, swollen, numb or lasts more than one to two weeks. Do not diagnose.',
    'Weight loss: a moderate deficit, high protein, daily steps, strength training, 0.5–1 % of body weight a week; never crash diets or below about 1,200 kcal (women) / 1,500 kcal (men) without medical supervision.',
    'Nutrition: general guidance only, with safe limits; refer medical conditions to a doctor or registered dietitian.',
    context.history.length + 2 > CHAT_MESSAGES_BEFORE_GENERATE
      ? 'A workout request: describe the session shape for the time and equipment they have and tell them to press GENERATE_WORKOUT_FROM_CHAT.'
      : 'A workout request: describe the session shape for the time and equipment they have; do not name GENERATE_WORKOUT_FROM_CHAT (not on screen yet): say a button to make it today’s session appears after one more message.',
    'Sets are logged on the session card (reps and load or time, RPE, ✓; the rest timer starts, records are marked, HISTORY shows past sets). Programs over weeks: six ready-made ones on the PROGRAMS page, or BUILD_MY_PROGRAM there builds one from their profile and this chat (the days a week and weeks they said). Never say either does not exist.',
    ...(context.adjusted
      ? [
          `The server has just acted on their request to make today ${context.adjusted.asked}; report exactly this outcome: ${JSON.stringify(context.adjusted)}.`,
        ]
      : []),
  ].join('\n');
}

/**
 * Plans and the coach from any OpenAI-compatible server, through the AI module's model client.
 * Answers must match the contract schemas; a malformed or slow one throws, and the job retries.
 */
export class OpenAiProvider implements AiProvider {
  constructor(private readonly model: ModelClient) {}

  get engine(): string {
    return this.model.model.toUpperCase();
  }

  /** The model chooses from the catalogue; the server doses the choice so the minutes, levels and limits hold. */
  async generateWorkout(request: PlanRequest): Promise<WorkoutPlan> {
    const eligible = {
      warmup: eligibleIds(request, 'warmup'),
      main: eligibleIds(request, 'main'),
      cooldown: eligibleIds(request, 'cooldown'),
    };
    const choice = await this.json(
      'workout_plan',
      workoutChoice(eligible),
      PLAN_RULES,
      JSON.stringify({ request, catalogue: catalogueLines(eligible) }),
    );
    const session = buildSession(request, choice);
    // The server's notes (recovery, limitations, equipment) come before the model's, which fill what room is left.
    // What a plan spares is the server's to say, from the catalogue's data: a model's note about loads is dropped.
    const modelNotes = choice.notes.filter((note) => !/\bload/i.test(note));
    return { name: choice.name, exercises: session.exercises, notes: [...session.notes, ...modelNotes].slice(0, 6) };
  }

  async readWorkoutRequest(history: ChatTurn[], defaults: ChatDefaults): Promise<ChatWorkoutRequest | null> {
    const reading = await this.json(
      'chat_reading',
      ChatReading,
      CHAT_READING_RULES,
      JSON.stringify({ profile: defaults, chat: history }),
    );
    if (!reading.found || !reading.request) return null;
    // A limitation is safety: one the rules read (the profile's, or said in the chat and not healed) is kept even if the model dropped it.
    const limitations = [
      ...new Set([...reading.request.limitations, ...readConversation(history, defaults).limitations]),
    ];
    // A muscle named is a body part asked for: "hamstrings" puts legs in the focus, and leads the main block.
    const { focusMuscles, ...request } = reading.request;
    const focus = [...new Set([...request.focus, ...focusMuscles.map((muscle) => MUSCLE_GROUP_OF[muscle])])];
    return { ...request, limitations, focus, ...(focusMuscles.length ? { focusMuscles } : {}) };
  }

  /** The health screening holds here too: a red flag is answered by the rules alone, an adapted plan's advice always reaches the member. */
  async coachReply(context: CoachContext): Promise<string> {
    const screening = conversationScreening(context);
    if (screening.kind === 'refer') return screening.message;
    const screened =
      screening.kind === 'adapt'
        ? { ...context, profile: { ...context.profile, screening: screening.limits } }
        : context;
    // The limitation rule and the screening hold on the model's words too: what it names is checked against the catalogue.
    const limitations = readConversation(
      [...context.history, { role: 'user', content: context.message }],
      context.profile,
    ).limitations;
    const checked = checkCoachReply(await this.modelReply(screened), {
      profile: screened.profile,
      limitations,
      screening: screened.profile.screening,
    });
    // An answer that was nothing but ruled-out exercises is the local coach's to give instead.
    if (checked.nothingLeft) return localCoachReply(context);
    const reply = checked.text;
    if (screening.kind === 'adapt' && !/\b(midwife|doctor|physio|physiotherapist|surgeon)\b/i.test(reply))
      return `${reply} ${screening.limits.notes[0]}`;
    return reply;
  }

  private modelReply(context: CoachContext): Promise<string> {
    return this.model.text([
      { role: 'system', content: coachSystemPrompt(context) },
      ...context.history.map((t) => ({ role: t.role, content: t.content })),
      { role: 'user', content: context.message },
    ]);
  }

  /** One structured answer: the rules as the system message, the input as the user's. */
  private json<T>(name: string, schema: z.ZodType<T>, rules: string, input: string): Promise<T> {
    return this.model.json(name, schema, [
      { role: 'system', content: rules },
      { role: 'user', content: input },
    ]);
  }
}
