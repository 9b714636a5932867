import { Types } from 'mongoose';

import { AchievementsRepository } from '../../src/achievements/achievements.repository';
import { ActivitiesRepository } from '../../src/activities/activities.repository';
import { ActivityClaimsRepository } from '../../src/activities/activity-claims.repository';
import { AuthChallengesRepository, LoginCodesRepository } from '../../src/auth/challenges.repository';
import { SessionsRepository } from '../../src/auth/sessions.repository';
import { BmiCachesRepository } from '../../src/bmi/bmi-caches.repository';
import { BmiRecordsRepository } from '../../src/bmi/bmi-records.repository';
import { SingleUseClaimsRepository } from '../../src/common/single-use';
import { type ExerciseView, GOAL_METRICS, INTENSITIES, NO_HEALTH_ANSWERS } from '../../src/contract';
import { EarningPinsRepository } from '../../src/credits/earning-pins.repository';
import { RedemptionsRepository } from '../../src/credits/redemptions.repository';
import type { Id } from '../../src/database/object-id';
import { GoalSlotsRepository } from '../../src/goals/goal-slots.repository';
import { GoalsRepository } from '../../src/goals/goals.repository';
import { BalanceCachesRepository } from '../../src/ledger/balance-caches.repository';
import { LedgerEntriesRepository } from '../../src/ledger/ledger-entries.repository';
import { entryId } from '../../src/ledger/ledger-entry.schema';
import { LedgerHeadsRepository } from '../../src/ledger/ledger-heads.repository';
import { HealthAnswersRepository } from '../../src/profile/health-answers.repository';
import { ProfilesRepository } from '../../src/profile/profiles.repository';
import { EnrolmentsRepository } from '../../src/programs/enrolments.repository';
import { ProofChecksRepository } from '../../src/proofs/proof-checks.repository';
import { ProofDaysRepository } from '../../src/proofs/proof-days.repository';
import { ProofMediaRepository } from '../../src/proofs/proof-media.repository';
import { StreaksRepository } from '../../src/proofs/streaks.repository';
import { LoggedSetsRepository } from '../../src/training-log/logged-sets.repository';
import { UploadsRepository } from '../../src/uploads/uploads.repository';
import { IdentitiesRepository } from '../../src/users/identities.repository';
import { UsersRepository } from '../../src/users/users.repository';
import { ChatMessagesRepository } from '../../src/workouts/chat-messages.repository';
import { PaidMinutesRepository } from '../../src/workouts/paid-minutes.repository';
import { TrainingStatsRepository } from '../../src/workouts/training-stats.repository';
import { WorkoutSessionsRepository } from '../../src/workouts/workout-sessions.repository';
import { WorkoutsRepository } from '../../src/workouts/workouts.repository';

/**
 * How to make every repository send each query it can send: one call (or a few, to reach a later
 * query of the same method) per querying method, with values drawn from small pools so that random
 * documents can hold them. database-index-path.spec.ts records the filters the real repositories
 * send from these calls and checks that every method whose code queries its collection sent at least
 * as many kinds of query as it has query calls: a new query with no call here fails that test.
 */

/** Values as services pass them, drawn from small pools by a seeded generator. */
export interface Picks {
  /** A user's id as the API and the session hold it. */
  userId(): string;
  /** Another record's id (goal, upload, proof day, workout). */
  id(): Types.ObjectId;
  /** An id not drawn before in this run, as a string: where two calls must differ (two claimants of one slot). */
  newId(): string;
  day(): string;
  date(): Date;
  /** A string key: idempotency key, nonce, sha256, identity, voucher entry. */
  key(): string;
  pick<T>(items: readonly T[]): T;
}

const objectId = (n: number) => new Types.ObjectId(`6566${n.toString(16).padStart(20, '0')}`);
const USERS = Array.from({ length: 4 }, (_, i) => objectId(i + 1).toHexString());
const IDS = Array.from({ length: 8 }, (_, i) => objectId(i + 100));
const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25'];
const DATES = Array.from({ length: 6 }, (_, i) => new Date(Date.UTC(2026, 10, 24) + i * 6 * 3_600_000));
const WALLETS = ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'];
const KEYS = [
  'proof:a:2026-11-24',
  'redeem:1',
  'tweet:19',
  'grant:ü',
  'a<b&c>',
  'line\u2028sep',
  'a'.repeat(64),
  'K7QX3M',
  `wallet:${WALLETS[0]}`,
  `x:19`,
];

const CATALOGUE_IDS = ['squat', 'push-up'] as const;

/** A small seeded generator (xorshift), so a failure is reproduced from the seed it prints. */
export function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

export function picks(rng: ReturnType<typeof generator>): Picks {
  let drawn = 0;
  return {
    newId: () => objectId(1_000 + drawn++).toHexString(),
    userId: () => rng.pick(USERS),
    id: () => rng.pick(IDS),
    day: () => rng.pick(DAYS),
    date: () => rng.pick(DATES),
    key: () => rng.pick(KEYS),
    pick: rng.pick,
  };
}

type Call<R> = (repository: R, v: Picks) => Promise<unknown>;
type Methods<R> = { [M in keyof R]?: Call<R> };
type RepositoryClass<R> = abstract new (...args: never[]) => R;

export interface RepositoryQueries {
  repository: RepositoryClass<unknown>;
  calls: Record<string, Call<never>>;
}

function queriesOf<R>(repository: RepositoryClass<R>, calls: Methods<R>): RepositoryQueries {
  return { repository: repository as RepositoryClass<unknown>, calls: calls as Record<string, Call<never>> };
}

async function drain(items: AsyncIterable<unknown>): Promise<void> {
  for await (const item of items) void item;
}

const exercise: ExerciseView = {
  id: 'ex-1',
  name: 'Squat',
  description: 'Squat.',
  phase: 'main',
  prescription: '3 × 10',
  muscles: ['legs'],
  catalogueId: 'squat',
};

const loggedSet = (v: Picks, key: string, sessionId: Id) => ({
  userId: v.userId(),
  sessionId,
  key,
  exerciseId: 'ex-1',
  catalogueId: v.pick(CATALOGUE_IDS),
  exerciseName: 'Squat',
  muscles: ['legs' as const],
  kind: 'reps' as const,
  order: 0,
  warmup: false,
  reps: 5,
  loadKg: v.pick([undefined, 60]),
  performedAt: v.date(),
  source: 'app' as const,
  rank: { reps: 5 },
  records: [],
});

export const REPOSITORY_QUERIES: RepositoryQueries[] = [
  queriesOf(AchievementsRepository, { listByUser: (r, v) => r.listByUser(v.userId()) }),
  queriesOf(ActivitiesRepository, {
    listByUser: (r, v) => r.listByUser(v.userId(), 20),
    stepsOn: (r, v) => r.stepsOn(v.userId(), v.day()),
    deleteByProofDay: (r, v) => r.deleteByProofDay(v.id()),
  }),
  queriesOf(ActivityClaimsRepository, {
    releaseDay: (r, v) => r.releaseDay(v.id()),
    proofDaysSharing: (r, v) => r.proofDaysSharing([v.key(), v.key()], 64),
    shapesOf: (r, v) => r.shapesOf([String(v.id()), String(v.id())]),
  }),
  queriesOf(AuthChallengesRepository, {
    delete: (r, v) => r.delete(v.key()),
    deleteExpired: (r, v) => r.deleteExpired(v.date()),
    findValid: (r, v) => r.findValid(v.key(), v.pick(WALLETS), v.pick(['signin', 'link']), v.date()),
  }),
  queriesOf(LoginCodesRepository, {
    delete: (r, v) => r.delete(v.key()),
    deleteExpired: (r, v) => r.deleteExpired(v.date()),
    findValid: (r, v) => r.findValid(v.key(), v.pick(['signin', 'link']), v.date()),
  }),
  queriesOf(BmiRecordsRepository, {
    listByUser: (r, v) => r.listByUser(v.userId()),
    latestReportWeight: (r, v) => r.latestReportWeight(v.userId()),
    createdBetween: (r, v) => r.createdBetween(v.userId(), v.date(), v.date()),
    latestCalculatorRecord: (r, v) => r.latestCalculatorRecord(v.userId()),
    findReport: (r, v) => r.findReport(v.userId(), v.id()),
  }),
  queriesOf(SingleUseClaimsRepository, { release: (r, v) => r.release(v.key()) }),
  queriesOf(RedemptionsRepository, {
    findByEntryId: (r, v) => r.findByEntryId(v.key()),
    listByUser: (r, v) => r.listByUser(v.userId(), 10),
  }),
  queriesOf(GoalSlotsRepository, {
    // The second claim finds the slot held and takes it by compare-and-set.
    claim: async (r, v) => {
      const [userId, metric] = [v.userId(), v.pick(GOAL_METRICS)];
      await r.claim(userId, metric, v.newId(), async () => true, v.date());
      await r.claim(userId, metric, v.newId(), async () => true, v.date());
    },
    release: (r, v) => r.release(v.userId(), v.pick(GOAL_METRICS), v.newId()),
  }),
  queriesOf(GoalsRepository, {
    findById: (r, v) => r.findById(v.id()),
    listByUser: (r, v) => r.listByUser(v.userId(), 10),
    allActive: (r) => drain(r.allActive()),
    recordOutcome: (r, v) => r.recordOutcome(v.id(), { status: 'won', payout: 120 }),
  }),
  queriesOf(LedgerEntriesRepository, {
    findById: (r, v) => r.findById(entryId(v.userId(), v.pick(['credits', 'pending']), v.pick([1, 2, 3]))),
    findByIdempotencyKey: (r, v) => r.findByIdempotencyKey(v.key()),
    postedKeys: (r, v) => r.postedKeys([v.key(), v.key(), 'earn:none']),
    existsForRef: (r, v) => r.existsForRef(v.userId(), 'tweet', v.key()),
    head: (r, v) => r.head(v.userId(), v.pick(['credits', 'pending'])),
    page: (r, v) => r.page(v.userId(), v.pick(['credits', 'pending']), 5, v.pick([undefined, 3, 10])),
    allInChainOrder: (r) => drain(r.allInChainOrder()),
  }),
  queriesOf(BalanceCachesRepository, {
    find: (r, v) => r.find(v.userId(), v.pick(['credits', 'pending'])),
    advance: async (r, v) => {
      for (const account of ['credits', 'pending'] as const)
        await r.advance(v.userId(), account, { seq: v.pick([1, 2, 3]), balance: 10 });
    },
    all: (r) => drain(r.all()),
  }),
  queriesOf(LedgerHeadsRepository, {
    find: (r, v) => r.find(`${v.userId()}:credits`),
    advance: (r, v) => r.advance(`${v.userId()}:credits`, { seq: v.pick([1, 2, 3]), balance: 10 }),
    all: (r) => drain(r.all()),
  }),
  queriesOf(ProofChecksRepository, {
    findFor: (r, v) =>
      r.findFor(
        [
          { uploadId: v.id(), sha256: v.key() },
          { uploadId: v.id(), sha256: v.key() },
        ],
        v.pick(['K7QX3M', 'RBE4TD']),
      ),
  }),
  queriesOf(ProofDaysRepository, {
    findByUserDay: (r, v) => r.findByUserDay(v.userId(), v.day()),
    isCredited: (r, v) => r.isCredited(v.userId(), v.day()),
    findLastChecked: (r, v) => r.findLastChecked(v.userId()),
    hasDayBefore: (r, v) => r.hasDayBefore(v.userId(), v.day()),
    listCredited: (r, v) => r.listCredited(v.userId(), 10),
    listInStateBefore: (r, v) => r.listInStateBefore([v.pick(['checking', 'checked'] as const)], v.date()),
    recordChecked: (r, v) => r.recordChecked(v.id(), []),
    recordCredited: (r, v) => r.recordCredited(v.id(), 30),
    delete: (r, v) => r.delete(v.id()),
  }),
  queriesOf(ProofMediaRepository, {
    anyUsed: (r, v) => r.anyUsed([v.key(), v.key()]),
    releaseDay: (r, v) => r.releaseDay(v.id()),
  }),
  queriesOf(HealthAnswersRepository, {
    find: (r, v) => r.find(v.userId(), v.date()),
    save: (r, v) =>
      r.save(
        v.userId(),
        { ...NO_HEALTH_ANSWERS, pregnancy: v.pick(['pregnant', null] as const), pregnancyWeeks: v.pick([20, null]) },
        v.date(),
      ),
  }),
  queriesOf(UploadsRepository, {
    findById: (r, v) => r.findById(v.id()),
    markFinished: (r, v) => r.markFinished(v.id(), { size: 10, mime: 'image/jpeg', sha256: v.key() }),
    markFileRemoved: (r, v) => r.markFileRemoved(v.id()),
    fileRemovedAmong: (r, v) => r.fileRemovedAmong([v.id(), v.id(), v.id()]),
    storedBefore: (r, v) => r.storedBefore([v.pick(['proof:gym_selfie', 'bmi_report'])], v.date()),
    pendingExpiredBefore: (r, v) => r.pendingExpiredBefore(v.date()),
    deletePending: (r, v) => r.deletePending(v.id()),
  }),
  queriesOf(IdentitiesRepository, { findUserId: (r, v) => r.findUserId(v.key()) }),
  queriesOf(UsersRepository, {
    findById: (r, v) => r.findById(v.userId()),
    findTimeZone: (r, v) => r.findTimeZone(v.userId()),
    findIdByUsername: (r, v) => r.findIdByUsername(v.key()),
    delete: (r, v) => r.delete(v.userId()),
    setIdentityFields: (r, v) => r.setIdentityFields(v.userId(), { walletAddress: v.pick(WALLETS) }),
    listOldestFirst: (r) => r.listOldestFirst(20),
  }),
  queriesOf(SessionsRepository, {
    findWithSession: (r, v) => r.findWithSession(v.userId(), 'jti-1'),
    findRevoked: (r, v) => r.findRevoked(v.userId()),
    revoke: (r, v) => r.revoke(v.userId(), 'jti-2', 1_800_000_000, ['jti-1']),
    endAll: (r, v) => r.endAll(v.userId()),
  }),
  queriesOf(ProfilesRepository, {
    save: (r, v) =>
      r.save(
        v.userId(),
        {
          age: 30,
          height: 180,
          weight: 80,
          goal: null,
          equipment: [],
          limitations: [],
          units: 'metric',
          timeZone: 'Europe/Berlin',
        },
        v.date(),
      ),
    recordFigures: (r, v) => r.recordFigures(v.userId(), { height: 180, weight: 80 }),
    moveTimeZone: (r, v) => r.moveTimeZone(v.userId(), 'UTC'),
  }),
  queriesOf(BmiCachesRepository, {
    recordLatest: (r, v) => r.recordLatest(v.userId(), 24.7),
    recordReport: (r, v) => r.recordReport(v.userId(), 24.7, '2026-11'),
  }),
  queriesOf(TrainingStatsRepository, {
    record: (r, v) => r.record(v.userId(), { totalWorkouts: 3, fitnessLevel: 'beginner' }),
  }),
  queriesOf(StreaksRepository, {
    find: (r, v) => r.find(v.userId()),
    record: (r, v) => r.record(v.userId(), { currentStreak: 1, longestStreak: 2, lastProofDay: v.day() }),
  }),
  queriesOf(EarningPinsRepository, {
    find: (r, v) => r.find(v.userId()),
    recordEarningDay: (r, v) => r.recordEarningDay(v.userId(), { day: v.day(), timeZone: 'UTC' }),
    pinZone: (r, v) => r.pinZone(v.userId(), 'UTC'),
  }),
  queriesOf(ChatMessagesRepository, {
    listRecent: (r, v) => r.listRecent(v.userId(), 10),
    // Four turns kept down to two: the oldest kept one is found and the older ones deleted.
    keepLatest: async (r, v) => {
      const userId = v.userId();
      await r.appendExchange(userId, 'hi', 'hello', v.date());
      await r.appendExchange(userId, 'plan?', 'squats', v.date());
      await r.keepLatest(userId, 2);
    },
    deleteAll: (r, v) => r.deleteAll(v.userId()),
  }),
  queriesOf(PaidMinutesRepository, {
    // The day's first claim inserts, the second adds by a conditional update, the third is over the cap and reads the day.
    claim: async (r, v) => {
      const [userId, day] = [v.userId(), { day: v.day(), timeZone: 'UTC' }];
      await r.claim(userId, day, v.newId(), 20, 60);
      await r.claim(userId, day, v.newId(), 20, 60);
      await r.claim(userId, day, v.newId(), 90, 60);
    },
    latestDay: (r, v) => r.latestDay(v.userId(), [v.day(), v.day()]),
  }),
  queriesOf(LoggedSetsRepository, {
    // The same key from another session reaches the duplicate's read.
    upsert: async (r, v) => {
      const first = loggedSet(v, v.newId(), v.id());
      await r.upsert(first);
      await r.upsert({ ...first, sessionId: v.newId() });
    },
    remove: (r, v) => r.remove(v.userId(), v.id(), v.key()),
    findByKey: (r, v) => r.findByKey(v.userId(), v.key()),
    forSession: (r, v) => r.forSession(v.userId(), v.id()),
    countForSession: (r, v) => r.countForSession(v.id()),
    forExercise: (r, v) => r.forExercise(v.userId(), v.pick(CATALOGUE_IDS), 10, v.pick([undefined, v.date()])),
    // A set stored first, so the latest session is found and its sets read.
    latestPerExercise: async (r, v) => {
      const set = loggedSet(v, v.newId(), v.id());
      await r.upsert(set);
      await r.latestPerExercise(set.userId, [set.catalogueId], v.pick([undefined, v.id()]));
    },
    inRange: (r, v) => r.inRange(v.userId(), v.date(), v.date()),
    // With a load and a distance, so the most-reps and fastest reads are sent too.
    bests: (r, v) =>
      r.bests(
        v.userId(),
        v.pick(CATALOGUE_IDS),
        { loadKg: v.pick([60, 82.5]), meters: v.pick([400, 5000]) },
        v.pick([undefined, v.key()]),
      ),
  }),
  queriesOf(WorkoutSessionsRepository, {
    findByWorkout: (r, v) => r.findByWorkout(v.id()),
    existsForWorkout: (r, v) => r.existsForWorkout(v.id()),
    listByUser: (r, v) => r.listByUser(v.userId()),
    findLatest: (r, v) => r.findLatest(v.userId()),
    countByUser: (r, v) => r.countByUser(v.userId()),
    countSince: (r, v) => r.countSince(v.userId(), v.date()),
    countCountedSince: (r, v) => r.countCountedSince(v.userId(), v.date()),
    completedSince: (r, v) => r.completedSince(v.userId(), v.date(), v.pick([undefined, v.date()])),
    musclesWorkedSince: (r, v) => r.musclesWorkedSince(v.userId(), v.date(), [v.pick(INTENSITIES)]),
  }),
  queriesOf(WorkoutsRepository, {
    findOwned: (r, v) => r.findOwned(v.id(), v.userId()),
    findLatest: (r, v) => r.findLatest(v.userId()),
    replacePlan: (r, v) =>
      r.replacePlan(v.id(), v.userId(), {
        name: 'Easier',
        difficulty: 'beginner',
        duration: 20,
        creditsReward: 10,
        exercises: [exercise],
        notes: [],
      }),
    replaceExercise: (r, v) =>
      r.replaceExercise(v.id(), v.userId(), v.pick([0, 1]), v.pick(['squat', 'lunge']), exercise),
    setTicked: (r, v) => r.setTicked(v.id(), v.userId(), 'ex-1', v.pick([true, false]), v.date()),
    start: (r, v) => r.start(v.id(), v.userId(), v.date()),
  }),
  queriesOf(EnrolmentsRepository, {
    find: (r, v) => r.find(v.userId()),
    start: (r, v) => r.start(v.userId(), v.pick(['full-body-3', 'couch-to-5k']), v.day()),
    update: (r, v) => r.update(v.userId(), v.pick([0, 1, 2]), { done: 1, workoutId: v.id().toHexString() }),
  }),
];

/**
 * Filters no repository sends yet on indexed fields, kept because a pushdown could mishandle them:
 * equality on a Date (the sessions' index is on (userId, completedAt)), and on an indexed Date alone.
 */
export const EXTRA_FILTERS: Array<{ collection: string; filter: (v: Picks) => Record<string, unknown> }> = [
  {
    collection: 'workout_sessions',
    filter: (v) => ({ userId: new Types.ObjectId(v.userId()), completedAt: v.date() }),
  },
  { collection: 'auth_challenges', filter: (v) => ({ expiresAt: v.date() }) },
  {
    collection: 'chat_messages',
    filter: (v) => ({ userId: new Types.ObjectId(v.userId()), createdAt: { $in: [v.date(), v.date()] } }),
  },
];
