/** The local coach's replies: the topic of the message picks the answer; every answer is deterministic. */
import type { CoachContext } from '../../contract/job-shapes';
import { readAdjustment } from '../../workouts/session-adjust.rules';
import { readMessage } from './chat.rules';
import { GOAL_LABELS, SHORT_ANSWERS } from './coach-advice';
import { nutritionReply, weightLossReply } from './coach-body.rules';
import { level, recentLine } from './coach-common.rules';
import { injuryNote, injuryReply, restReply, sorenessReply } from './coach-health.rules';
import {
  adjustReply,
  frequencyReply,
  loggingReply,
  programReply,
  progressionReply,
  sleepStressReply,
} from './coach-requests.rules';
import { conversationScreening, screeningReply } from './coach-screening.rules';
import { coachTopic } from './coach-topic.rules';
import { exerciseReply, formReply, motivationReply, planReply, todayReply } from './coach-training.rules';

const QUOTED_MAX = 80;

export function coachReply(asked: CoachContext): string {
  // The health screening comes before any training advice (docs/product.md, Health screening).
  const screening = conversationScreening(asked);
  const safety = screeningReply(asked, screening);
  if (safety) return safety;
  const context =
    screening.kind === 'adapt' ? { ...asked, profile: { ...asked.profile, screening: screening.limits } } : asked;
  const { profile, recent, message } = context;
  const stated = readMessage(message);
  switch (coachTopic(message, stated)) {
    case 'injury':
      // An injury said with the session wanted ("30 minutes of yoga, my wrist hurts") gets both answers.
      return stated.limitations.length && (stated.minutes || stated.type || stated.equipment)
        ? `${injuryNote(stated)} ${planReply(context)}`
        : injuryReply(stated, profile);
    case 'adjust':
      return adjustReply(context, context.adjusted?.asked ?? readAdjustment(message)!.kind);
    case 'logging':
      return loggingReply();
    case 'program':
      return programReply(context);
    case 'progression':
      return progressionReply(message);
    case 'frequency':
      return frequencyReply(context);
    case 'sleep_stress':
      return sleepStressReply(context);
    case 'soreness':
      return sorenessReply(stated, recent);
    case 'weight_loss':
      return weightLossReply(message, profile);
    case 'exercise':
      return exerciseReply(message, profile);
    case 'nutrition':
      return nutritionReply(message, profile);
    case 'rest':
      return restReply(profile, recent);
    case 'motivation':
      return motivationReply(profile, recent);
    case 'short':
      return SHORT_ANSWERS.find((a) => a.words.test(message.toLowerCase()))!.text;
    case 'today':
      return todayReply(profile, recent);
    case 'plan':
      return planReply(context);
    case 'form':
      return formReply();
    case 'greeting':
      return `Hey! I'm your coach. You're at ${level(profile)} level${profile.bmiCategory ? ` with a BMI in the ${profile.bmiCategory.toLowerCase()} range` : ''}${profile.goal ? `, working on ${GOAL_LABELS[profile.goal]}` : ''}. ${recentLine(recent)} Ask me what to train today, how to lose weight, how to do an exercise, about pain, rest or food — or tell me how long you have and what equipment, and I'll shape a session.${profileHint(profile)}`;
    default:
      return otherReply(context);
  }
}

/** Until the profile says anything, where to tell the coach once instead of in every chat. */
function profileHint(profile: CoachContext['profile']): string {
  const empty = !profile.goal && !profile.equipment.length && !profile.limitations.length;
  return empty ? ' Save your goal, equipment and any injuries under PROFILE and I will use them every time.' : '';
}

/** A question the rules do not know: say so with its own words, and what the coach can do. */
function otherReply({ message, recent }: CoachContext): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  const quoted = oneLine.length > QUOTED_MAX ? `${oneLine.slice(0, QUOTED_MAX - 1)}…` : oneLine;
  return `I'm not sure I understood "${quoted}". ${recentLine(recent)} I can answer about pain and injuries, weight loss, food, rest and soreness, how to do an exercise, or shape a session — tell me how many minutes you have, your equipment and what you want to train.`;
}
