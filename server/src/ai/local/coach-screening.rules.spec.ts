/**
 * The coach's health screening of what members write (docs/product.md, Health screening): pregnancy
 * and a recent birth read from the chat, red flags that stop all training advice, and the plan the
 * conversation builds kept to the screening. Written from ACOG Committee Opinion 804 and the PAR-Q+.
 */
import { planProblems } from '../../../test/support/plan-checks';
import type { ChatTurn } from '../../contract';
import { NO_HEALTH_ANSWERS } from '../../contract';
import type { CoachContext, CoachProfile, PlanRequest } from '../../contract/job-shapes';
import { catalogueExercise } from '../../workouts/catalogue';
import { buildSession } from '../../workouts/programming/session.rules';
import { screen } from '../../workouts/screening/screening.rules';
import { readChatRequest } from './chat.rules';
import { coachReply } from './coach.rules';
import { readChatHealth } from './coach-screening.rules';

const PROFILE: CoachProfile = {
  fitnessLevel: 'intermediate',
  goal: null,
  equipment: [],
  limitations: [],
  units: 'metric',
  bmi: null,
  bmiCategory: null,
  age: 31,
  height: 168,
  weight: 64,
};
const context = (message: string, over: Partial<CoachContext> = {}): CoachContext => ({
  message,
  history: [],
  profile: PROFILE,
  recent: { sessionsLast7Days: 2, lastSession: null, recentlyTrained: [] },
  ...over,
});
const user = (...says: string[]): ChatTurn[] => says.map((content) => ({ role: 'user', content }));
const MIDWIFE = /midwife or doctor/;

describe('reading health from the chat', () => {
  it.each([
    ["I'm five months pregnant, can I still do HIIT?", { state: 'pregnant', weeks: 22 }],
    ['24 weeks pregnant and want to keep lifting', { state: 'pregnant', weeks: 24 }],
    ["I'm in my second trimester", { state: 'pregnant', weeks: 20 }],
    ["I'm pregnant! Give me a 4-week plan", { state: 'pregnant', weeks: null }],
    ['I had my baby 6 weeks ago', { state: 'postpartum', weeksSinceBirth: 6 }],
    ['3 months postpartum, when can I run again?', { state: 'postpartum', weeksSinceBirth: 13 }],
    ["I'm not pregnant", { state: 'not_pregnant' }],
  ])('%s', (message, pregnancy) => {
    expect(readChatHealth(user(message)).pregnancy).toEqual(pregnancy);
  });

  it("does not take someone else's pregnancy, a denial or a question for the member's own", () => {
    expect(readChatHealth(user('My wife is pregnant, what can she do?')).pregnancy).toBeUndefined();
    expect(readChatHealth(user('No chest pain, never fainted, not dizzy')).redFlags).toEqual([]);
    expect(readChatHealth(user('What should I do if I feel dizzy during HIIT?')).redFlags).toEqual([]);
  });

  it.each([
    ['I get chest pain when I run', 'chest_pain'],
    ['I fainted at the gym yesterday', 'fainting'],
    ['I felt dizzy during my last workout', 'dizziness'],
    ["I'm short of breath even when sitting", 'breathless_at_rest'],
    ['My doctor told me not to exercise for a month', 'doctor_limit'],
  ])('reads a red flag: %s', (message, flag) => {
    expect(readChatHealth(user(message)).redFlags).toEqual([flag]);
  });

  it('reads pregnancy warning signs only in a pregnancy, and a clearance lifts what was said before it', () => {
    expect(readChatHealth(user("I'm 30 weeks pregnant", 'I have some bleeding')).redFlags).toEqual([
      'pregnancy_warning_sign',
    ]);
    expect(readChatHealth(user('I have some bleeding from a cut')).redFlags).toEqual([]);
    expect(readChatHealth(user('I had chest pain last week', 'My cardiologist cleared me to train')).redFlags).toEqual(
      [],
    );
    expect(readChatHealth(user('I have high blood pressure')).conditions).toEqual(['high_blood_pressure']);
    expect(readChatHealth(user("I'm 20 weeks pregnant", "I've always been running and jumping")).usedToHighImpact).toBe(
      true,
    );
  });
});

describe('the coach screens before it advises', () => {
  it('answers "five months pregnant, can I still do HIIT?" with what changes and the midwife or doctor, not a plan of jumps and crunches', () => {
    const reply = coachReply(context("I'm five months pregnant. Can I still do HIIT?"));
    expect(reply).toMatch(MIDWIFE);
    expect(reply).toMatch(/nothing lying flat on your back/);
    expect(reply).toMatch(/no jumping or high-impact/);
    expect(reply).toMatch(/no holding your breath, no maximal lifts or sprints/);
    expect(reply).toMatch(/bleeding/);
    expect(reply).not.toMatch(/Jumping Jack|Crunch|Wall Sit/i);
  });

  it('tells a member with a red flag to stop and see a clinician, whatever the question, and says no plan is made', () => {
    for (const message of [
      'I get chest pain when I train. Give me a 30 minute HIIT workout',
      'I blacked out during spin class, what should I do next time?',
    ]) {
      const reply = coachReply(context(message));
      expect([message, reply]).toEqual([
        message,
        expect.stringMatching(/stop exercising and see a doctor.*No plan is made/),
      ]);
    }
    const fromProfile = coachReply(
      context('What should I train today?', {
        profile: { ...PROFILE, health: { ...NO_HEALTH_ANSWERS, conditions: ['doctor_limit'] } },
      }),
    );
    expect(fromProfile).toMatch(/follow their limits/);
  });

  it('keeps later answers to the pregnancy said earlier: a session it describes has no supine, jumping or all-out work and carries the advice', () => {
    const history = user("I'm 26 weeks pregnant");
    const reply = coachReply(context('Give me a 30 minute HIIT session', { history }));
    expect(reply).toMatch(MIDWIFE);
    expect(reply).not.toMatch(/\badvanced\b/);
    for (const name of ['Jumping Jacks', 'Crunch', 'Glute Bridge', 'Burpee', 'Mountain Climbers'])
      expect([name, reply.includes(`${name} (`)]).toEqual([name, false]);
  });

  it('builds the plan the conversation asks for within the screening (what GENERATE_WORKOUT_FROM_CHAT does)', () => {
    const history = user("I'm five months pregnant and want a 30 minute HIIT workout", 'advanced please');
    const screening = screen(NO_HEALTH_ANSWERS, readChatHealth(history));
    if (screening.kind !== 'adapt') throw new Error('expected limits');
    const read = readChatRequest(history, {
      fitnessLevel: 'intermediate',
      goal: null,
      equipment: [],
      limitations: [],
    })!;
    const { soreMuscles, ...asked } = read;
    const request: PlanRequest = {
      ...asked,
      difficulty: 'intermediate',
      avoidMuscles: soreMuscles,
      goal: null,
      screening: screening.limits,
    };
    const plan = buildSession(request);
    expect(planProblems(plan, request)).toEqual([]);
    const entries = plan.exercises.map((e) => catalogueExercise(e.catalogueId!)!);
    expect(
      entries.filter((e) => e.lying || e.impact === 'high' || e.allOut || e.level === 'advanced').map((e) => e.id),
    ).toEqual([]);
    expect(plan.notes[0]).toMatch(MIDWIFE);
  });
});

describe("a limitation holds in the coach's suggestions", () => {
  it('never offers a shoulder-loading alternative to a push-up for a bad shoulder', () => {
    const reply = coachReply(
      context("I can't do a single push-up yet. Where do I start?", {
        profile: { ...PROFILE, limitations: ['shoulder'] },
      }),
    );
    for (const name of ['Dumbbell Floor Press', 'Kettlebell Floor Press', 'Wall Push-Up', 'Incline Push-Up'])
      expect([name, reply.includes(name)]).toEqual([name, false]);
    expect(reply).not.toMatch(/without loading it/);
  });
});
