/**
 * How the catalogue's `loads` were reviewed, entry by entry, as rules a trainer applies: the joints
 * and regions a movement puts load on, read from its muscles, pattern, impact and position. Every
 * entry's `loads` must hold at least these (catalogue.spec.ts); an entry may list more.
 */
import type { CatalogueExercise, Limitation, Muscle } from '../../src/workouts/catalogue/catalogue.types';

const SHOULDER_MUSCLES: readonly Muscle[] = ['front_delts', 'side_delts', 'rear_delts', 'chest', 'lats'];
/** Weight on the hands: planks, all fours, push-ups, crawls, dogs. */
const ON_THE_HANDS =
  /\b(high plank|a plank|plank position|from plank|in a plank|push-up|hands and knees|hands and feet|hands and toes|hands on the floor|hand down(?! behind| by)|on the hands|hands under the shoulders|upside-down v|on one straight arm|inverted v|upward dog|on two dumbbells|crawl)\b/i;
/** Kneeling or weight on the knees. */
const ON_THE_KNEES =
  /\b(kneel|kneeling|half-kneeling|on (the|your) knees|hands and knees|from the knees|back knee (rest|down)|knee down|knees and forearms|forearms and knees)/i;
/** The head and shoulders lifted against gravity (crunches): the neck holds the head. */
const HEAD_LIFTED =
  /\b(curl the shoulders|curl the ribs|lift the shoulders|shoulders slightly lifted|shoulders and legs off)/i;
const BENT_OVER = /\b(hinged forward|bent-over)\b/i;

export function reviewedLoads(e: CatalogueExercise): Limitation[] {
  const worked = [...e.primary, ...e.secondary];
  const text = `${e.name}. ${e.description}`;
  const loads = new Set<Limitation>();
  const add = (...joints: Limitation[]) => joints.forEach((j) => loads.add(j));
  const jumping = e.pattern === 'plyometric' || e.impact === 'high';

  // Shoulder: any work of the delts, chest or lats, every press, pull and carry, the shoulder girdle lifted (shrugs), weight on the hands.
  // (Arms only held up or out in a standing pose or balance carry no load: the delts as helpers there do not count.)
  const heldPose = e.pattern === 'pose' || e.pattern === 'balance';
  if (
    e.primary.some((m) => SHOULDER_MUSCLES.includes(m)) ||
    (!heldPose && e.secondary.some((m) => SHOULDER_MUSCLES.includes(m)))
  )
    add('shoulder');
  if (/^(push|pull)_/.test(e.pattern) || e.pattern === 'carry') add('shoulder');
  if (e.pattern === 'isolation_upper' && e.primary.includes('upper_back')) add('shoulder');
  if (ON_THE_HANDS.test(text)) add('shoulder', 'wrist');
  // Elbow: presses, pulls and arm isolation bend it under load.
  if (/^(push|pull)_/.test(e.pattern)) add('elbow');
  if (e.pattern === 'isolation_upper' && e.primary.some((m) => m === 'biceps' || m === 'triceps')) add('elbow');
  // Knee: squats, lunges, jumps and landings, fast footwork, kneeling.
  if (e.pattern === 'squat' || e.pattern === 'lunge' || jumping) add('knee');
  if (e.pattern === 'locomotion' && e.impact !== 'low') add('knee');
  if (ON_THE_KNEES.test(text)) add('knee');
  // Ankle: jumps, landings and fast footwork, calf raises, balancing on one foot.
  if (jumping || (e.pattern === 'locomotion' && e.impact !== 'low')) add('ankle');
  if (e.pattern === 'isolation_lower' && e.primary.includes('calves')) add('ankle');
  if (e.pattern === 'balance' && e.unilateral && !ON_THE_HANDS.test(text)) add('ankle');
  // Hip: landings, hip abduction and adduction under load, wide and deep squats.
  if (e.pattern === 'plyometric' && e.impact === 'high') add('hip');
  if (
    e.pattern === 'isolation_lower' &&
    e.primary.some((m) => m === 'glutes' || m === 'adductors') &&
    !e.primary.includes('calves')
  )
    add('hip');
  if ((e.pattern === 'squat' || e.pattern === 'lunge') && e.primary.includes('adductors')) add('hip');
  // Lower back: the back muscles as prime movers, hinges that load them, bent-over work, sit-ups and straight-leg lifts.
  if (e.primary.includes('lower_back') && e.pattern !== 'mobility' && e.pattern !== 'stretch') add('lower_back');
  if (e.pattern === 'hinge' && e.secondary.includes('lower_back')) add('lower_back');
  if (BENT_OVER.test(text)) add('lower_back');
  // Neck: neck work, shrugs, the head held up in crunches.
  if (worked.includes('neck')) add('neck');
  if (HEAD_LIFTED.test(text)) add('neck');
  return [...loads];
}
