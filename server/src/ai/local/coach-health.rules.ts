/** The coach on injuries and pain, soreness, and rest and recovery. */
import type { CoachProfile, RecentTraining } from '../../contract/job-shapes';
import type { Limitation } from '../../workouts/catalogue/catalogue.types';
import type { StatedConstraints } from './chat.rules';
import { LIMITATION_ADVICE, SEE_A_PROFESSIONAL, SESSIONS_PER_WEEK } from './coach-advice';
import { level, listed, recovering } from './coach-common.rules';

/** What to avoid and what to do instead for each limitation said (or on the profile), and when to see someone. */
export function injuryReply(stated: StatedConstraints, profile: CoachProfile): string {
  const limitations = stated.limitations.length ? stated.limitations : profile.limitations;
  if (!limitations.length) {
    return `Pain is a signal to change the plan, not to push through. Tell me where it hurts (knee, lower back, shoulder, wrist, ankle, hip, neck or elbow) and I will tell you what to avoid and what to train instead. ${SEE_A_PROFESSIONAL}`;
  }
  const focus = stated.focus?.length ? ` For your ${listed(stated.focus)} that still leaves plenty to train.` : '';
  const labels = listed(limitations.map((l) => LIMITATION_ADVICE[l].label));
  return `${limitationAdvice(limitations)}${focus} Workouts I generate from this chat leave out anything that loads your ${labels}. ${SEE_A_PROFESSIONAL}`;
}

/** What to avoid and to do instead for each limitation, and when to see someone: the short form beside a session. */
export function injuryNote(stated: StatedConstraints): string {
  return `${limitationAdvice(stated.limitations)} ${SEE_A_PROFESSIONAL}`;
}

function limitationAdvice(limitations: Limitation[]): string {
  return limitations
    .map((l) => {
      const advice = LIMITATION_ADVICE[l];
      return `With your ${advice.label}: avoid ${advice.avoid}. Instead: ${advice.instead}. ${advice.tip}`;
    })
    .join(' ');
}

export function sorenessReply(stated: StatedConstraints, recent: RecentTraining): string {
  const named = stated.sore.length ? stated.sore : recovering(recent);
  const which = named.length
    ? ` Give your ${listed([...new Set(named)])} a rest from hard work until it fades; train other muscle groups meanwhile.`
    : '';
  return `Muscle soreness 24–72 hours after training (DOMS) is normal, especially after new exercises, and is not a sign of a better workout.${which} Keep moving gently — a walk, easy cycling, mobility or yoga — sleep 7–9 hours and eat enough protein; it eases within 2–4 days. A joint that hurts, sharp pain, swelling or soreness that lasts more than a week is different: see a physiotherapist or doctor.`;
}

export function restReply(profile: CoachProfile, recent: RecentTraining): string {
  const lvl = level(profile);
  const older =
    (profile.age ?? 0) >= 50
      ? ' Past 50, recovery takes a little longer: an extra easy day between hard sessions pays off.'
      : '';
  const week =
    recent.sessionsLast7Days >= 6
      ? ` You did ${recent.sessionsLast7Days} sessions in the last 7 days: take a rest day or an easy walk next.`
      : '';
  return `At ${lvl} level, ${SESSIONS_PER_WEEK[lvl]} sessions a week is a good target, with 1–2 full rest days and about 48 hours before training the same muscle group hard again. Sleep 7–9 hours — it is when you recover — and take an easier week every 4–6 weeks. Rest 60–90 s between sets (2–3 minutes on heavy lifts).${week}${older} Signs you need more rest: poor sleep, a rising resting heart rate, lifts going backwards, or aches that do not fade.`;
}
