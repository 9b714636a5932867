/** The local coach's replies: rule-based, personal (level, BMI category, recent sessions), deterministic. */
import type { Difficulty, MuscleGroup } from '../../contract';
import type { CoachContext, CoachProfile, RecentTraining } from '../ai.provider';
import { coachTopic, readChatRequest } from './chat.rules';
import { CATALOGUE } from '../../workouts/catalogue';

const BODY_PARTS: MuscleGroup[] = ['chest', 'back', 'shoulders', 'arms', 'core', 'glutes', 'legs'];
const SESSIONS_PER_WEEK: Record<Difficulty, string> = { beginner: '3', intermediate: '3–4', advanced: '4–5' };

function level(profile: CoachProfile): Difficulty {
  return profile.fitnessLevel === 'advanced' || profile.fitnessLevel === 'intermediate' ? profile.fitnessLevel : 'beginner';
}

function recentLine(recent: RecentTraining): string {
  if (!recent.lastSession) return "I don't see any completed sessions yet, so we start fresh.";
  const s = recent.lastSession;
  return `Your last session was ${s.name} (${s.type}, ${s.intensity}); ${recent.sessionsLast7Days} session${recent.sessionsLast7Days === 1 ? '' : 's'} in the last 7 days.`;
}

function todayAdvice(profile: CoachProfile, recent: RecentTraining): string {
  const tired = recent.recentlyTrained.filter((m) => BODY_PARTS.includes(m));
  const fresh = BODY_PARTS.filter((m) => !tired.includes(m));
  if (recent.sessionsLast7Days >= 6) {
    return `${recentLine(recent)} That's a big week: take an easy 20–30 minute yoga or walking session today and let your body absorb the work.`;
  }
  if (tired.length) {
    return `${recentLine(recent)} Your ${tired.join(', ')} worked hard in the last 48 hours, so today train ${fresh.slice(0, 3).join(', ')} instead — or pick HIIT/cardio for conditioning. Workouts I generate leave recovering muscles out automatically.`;
  }
  const pick = level(profile) === 'beginner' ? 'a 30-minute beginner full-body (mixed) session' : `a 45-minute ${level(profile)} strength session, then some cardio later in the week`;
  return `${recentLine(recent)} You're fully recovered, so go for ${pick}.`;
}

function weightLossAdvice(profile: CoachProfile): string {
  const cat = profile.bmiCategory;
  const opening = cat ? `With a BMI in the ${cat.toLowerCase()} range` : 'Without a BMI on record yet (log height and weight for sharper advice)';
  if (cat === 'Underweight') {
    return `${opening}, losing weight isn't what I'd recommend. Focus on strength training 3 times a week and eating enough protein (about 1.6 g per kg) to build healthy muscle.`;
  }
  const start = cat === 'Obese' ? 'start with low-impact cardio (brisk walking, cycling) and beginner strength work to protect your joints' : 'combine 2–3 strength sessions with 1–2 HIIT or cardio sessions a week';
  return `${opening}, aim for a moderate calorie deficit of 300–500 kcal a day, ${start}, keep protein high (about 1.6 g per kg of body weight), walk 8–10k steps daily and sleep 7–9 hours. Expect about 0.5 kg a week — slow and steady keeps the muscle.`;
}

function formAdvice(message: string): string {
  const text = message.toLowerCase();
  const exercise = CATALOGUE.find((e) => text.includes(e.name.toLowerCase()) || text.includes(e.id.replace(/-/g, ' ')));
  if (exercise) return `${exercise.name}: ${exercise.cues.join('. ')}. Move slowly enough to control every rep, and stop a set when form breaks down.`;
  return 'Good form rules for every exercise: brace your core, keep a neutral spine, move through a range you control, breathe out on the effort, and stop a set when form slips. Tell me the exercise name and I will give you its cues.';
}

function restAdvice(profile: CoachProfile): string {
  const lvl = level(profile);
  return `At ${lvl} level, train ${SESSIONS_PER_WEEK[lvl]} times a week and give a muscle group about 48 hours before training it hard again. Rest 60–90 s between strength sets (2–3 min on heavy lifts), sleep 7–9 hours, and take an easy week every 4–6 weeks.`;
}

function sorenessAdvice(recent: RecentTraining): string {
  const tired = recent.recentlyTrained.filter((m) => BODY_PARTS.includes(m));
  const which = tired.length ? ` Your ${tired.join(', ')} took the most work recently.` : '';
  return `Muscle soreness 1–3 days after training (DOMS) is normal.${which} Keep moving gently — walking, mobility or yoga — drink water, eat protein and sleep well; train other muscle groups until it fades. Sharp pain, swelling or pain in a joint is different: stop and see a professional.`;
}

function workoutRequestReply(context: CoachContext): string {
  const request = readChatRequest([...context.history, { role: 'user', content: context.message }], level(context.profile));
  if (!request) return 'Happy to build one. Tell me the type (strength, cardio, HIIT, yoga or mixed), how long you have, and any injury or equipment limits.';
  const limits = [
    ...request.limitations.map((limitation) => `nothing that loads your ${limitation.replace(/_/g, ' ')}`),
    ...(request.equipment.length ? [] : ['bodyweight only']),
    ...(request.soreMuscles.length ? [`resting your ${request.soreMuscles.join(', ')}`] : []),
  ];
  return `Got it: a ${request.minutes}-minute ${request.difficulty} ${request.type} workout${limits.length ? `, ${limits.join(', ')}` : ''}. Press GENERATE_WORKOUT_FROM_CHAT and I'll set it up as today's session.`;
}

export function coachReply(context: CoachContext): string {
  const { profile, recent } = context;
  switch (coachTopic(context.message)) {
    case 'workout_request':
      return workoutRequestReply(context);
    case 'soreness':
      return sorenessAdvice(recent);
    case 'weight_loss':
      return weightLossAdvice(profile);
    case 'form':
      return formAdvice(context.message);
    case 'rest':
      return restAdvice(profile);
    case 'today':
      return todayAdvice(profile, recent);
    case 'nutrition':
      return 'Build meals around protein (about 1.6 g per kg a day), vegetables and whole-food carbs, and eat a carb-and-protein meal 1–3 hours before training. Water first; supplements are optional.';
    case 'greeting':
      return `Hey! I'm your coach. You're at ${level(profile)} level${profile.bmiCategory ? ` with a BMI in the ${profile.bmiCategory.toLowerCase()} range` : ''}. ${recentLine(recent)} Ask me what to train today, how to lose weight, about form, rest or soreness — or describe the workout you want.`;
    default:
      return `${recentLine(recent)} I can help with what to train today, weight loss, exercise form, rest and soreness. Tell me your goal, how long you have and any limits, and I'll put a workout together.`;
  }
}
