// One member's history as the app writes it, built in memory for the scale bench: every document
// comes from the built server's own rules (ledger entry ids and keys, rewards, intensity, streaks,
// plans of the local AI coach, badges, the checks of proof files), in the field order and types the
// app stores, so filled data reads like real data. bench/scale-fill.mjs inserts it.
import { randomBytes, randomUUID } from 'node:crypto';

import { dist, require } from './lib.mjs';

const { ObjectId } = require('mongoose').mongo;
const bs58 = require('bs58');
const {
  WORKOUT_TYPES,
  DIFFICULTIES,
  DURATIONS,
  PROOF_KINDS,
  PROOF_PURPOSES,
  UPLOAD_PURPOSES,
  sessionCredits,
  sessionIntensity,
} = dist('contract/index.js');
const { entryId } = dist('ledger/ledger-entry.schema.js');
const { PROOF_MEDIA_RETENTION_DAYS, nextStreak, proofLedgerKeys } = dist('proofs/proofs.rules.js');
const {
  activityCheck,
  codeCheck,
  durationCheck,
  imageCheck,
  movementCheck,
  personCheck,
  videoFileCheck,
  videoPersonCheck,
} = dist('evidence/evidence.rules.js');
const { UPLOAD_URL_TTL_MS } = dist('uploads/uploads.rules.js');
const { TRAINING_WINDOW_MS, fitnessLevel, trainingHistory, workoutOfPlan } = dist('workouts/workouts.rules.js');
const { buildSession } = dist('workouts/programming/session.rules.js');
const { workoutAchievements, streakAchievements } = dist('achievements/achievements.rules.js');
const { findItem, voucherCode } = dist('credits/credits.rules.js');
const { previousDay, walletUsername } = dist('users/users.rules.js');

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The one item a history redeems once the balance allows it. */
const REDEEMED = findItem('gym-pass');
const GOAL_STAKE = 20;

/** A seeded random source (mulberry32): the same seed gives the same history. */
export function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** An ObjectId whose timestamp is `at`, as the app's would be for a document created then. */
const idAt = (at) => new ObjectId(Math.floor(at.getTime() / 1000));
const later = (at, ms) => new Date(at.getTime() + ms);

/** The day (YYYY-MM-DD, UTC) `count` days before `now`. */
export const daysAgo = (now, count) => new Date(now.getTime() - count * DAY).toISOString().slice(0, 10);

/**
 * The local coach's plans are pure functions of their options: built once per combination (with
 * nothing to leave out for recovery, where the app would drop muscles trained in the last 48 hours).
 */
const plans = new Map();
function requestFor(type, difficulty, minutes) {
  return { type, difficulty, minutes, avoidMuscles: [], equipment: [], limitations: [], focus: [], goal: null };
}
function planFor(request) {
  const key = `${request.type}|${request.difficulty}|${request.minutes}`;
  if (!plans.has(key)) plans.set(key, buildSession(request));
  return plans.get(key);
}

/** The checks the proof job records for each kind of accepted file (the same for every file of a kind). */
const CHECKS = {
  gym_selfie: [
    imageCheck({ width: 1080, height: 1440 }, 'gym_selfie'),
    personCheck(true, 'gym_selfie'),
    codeCheck(true, 'K7Q2XM'),
  ],
  workout_video: [
    videoFileCheck({ hasVideo: true, seconds: 42, width: 1080, height: 1920, framesPerSecond: 30 }),
    durationCheck(42),
    movementCheck([6, 5, 7, 4, 6]),
    videoPersonCheck(6, 6),
  ],
  apple_watch: [
    imageCheck({ width: 396, height: 484 }, 'apple_watch'),
    activityCheck({ minutes: 42, kcal: 412, heartRate: 138 }),
  ],
};

/** What a phone sends for each proof kind. */
const PROOF_MIMES = { gym_selfie: 'image/jpeg', workout_video: 'video/mp4', apple_watch: 'image/jpeg' };

/** Plausible stored sizes in bytes per proof kind (a phone photo, a short clip, a screenshot). */
const FILE_BYTES = {
  gym_selfie: [1_200_000, 4_000_000],
  workout_video: [8_000_000, 45_000_000],
  apple_watch: [150_000, 700_000],
};

/** The days a member validated, oldest first, ending on `lastDay`: mostly consecutive, some gaps. */
function activeDays(random, count, lastDay) {
  const days = [lastDay];
  while (days.length < count) {
    let day = previousDay(days[0]);
    if (random.next() < 0.25) for (let skip = random.between(1, 2); skip > 0; skip--) day = previousDay(day);
    days.unshift(day);
  }
  return days;
}

/** The two balances of one member as ledger chains: every posting appends an entry with the next seq. */
class Chains {
  constructor(userId, entries) {
    this.userId = userId;
    this.entries = entries;
    this.heads = { credits: { seq: 0, balance: 0 }, pending: { seq: 0, balance: 0 } };
  }

  post(account, amount, kind, reason, idempotencyKey, ref, createdAt) {
    const head = this.heads[account];
    head.seq += 1;
    head.balance += amount;
    this.entries.push({
      _id: entryId(this.userId.toString(), account, head.seq),
      userId: this.userId,
      account,
      seq: head.seq,
      amount,
      balanceAfter: head.balance,
      kind,
      reason,
      idempotencyKey,
      ref,
      createdAt,
    });
  }
}

/** Empty arrays for every collection a history writes, keyed by collection name. */
function emptyCollections() {
  return {
    users: [],
    identities: [],
    workouts: [],
    workout_sessions: [],
    uploads: [],
    proof_days: [],
    proof_media: [],
    ledger_entries: [],
    achievements: [],
    goals: [],
    redemptions: [],
  };
}

/**
 * A member's history: on each active day a generated workout, its completed session (credits to
 * pending), three proof uploads and the validated proof day that moves pending into the balance;
 * once the balance allows, one goal stake and one redemption. `days` active days ending on
 * `lastDay` (YYYY-MM-DD, UTC). `signedIn` (an ObjectId) gives the history to a user who signed in
 * through the app; otherwise the member is new and its user and identity are built too.
 * Answers the documents by collection and the fields the history sets on the user document.
 */
export function memberHistory({ random, days, lastDay, now, signedIn = null }) {
  const docs = emptyCollections();
  const dayList = activeDays(random, days, lastDay);
  const createdAt = new Date(Date.parse(`${dayList[0]}T00:00:00Z`) + random.between(0, 5 * 60) * MINUTE);
  const userId = signedIn ?? idAt(createdAt);
  const member = {
    userId,
    docs,
    random,
    now,
    chains: new Chains(userId, docs.ledger_entries),
    sessions: [],
    badges: new Set(),
    streak: { last: null, longest: 0 },
  };
  for (const day of dayList) trainAndProve(member, day);
  const profile = { ...profileFields(member), createdAt };
  if (!signedIn) {
    const walletAddress = bs58.encode(randomBytes(32));
    docs.users.push(userDocument(userId, walletAddress, profile));
    docs.identities.push({ _id: `wallet:${walletAddress}`, userId, createdAt });
  }
  return { docs, profile };
}

/** One active day: the workout, its session, the proofs, and what the balance then allows. */
function trainAndProve(member, day) {
  // Started by 20:00, so the day's last write (a spend up to ~3.5 hours later) stays on that day.
  const start = new Date(Date.parse(`${day}T00:00:00Z`) + member.random.between(6 * 60, 20 * 60) * MINUTE);
  const session = train(member, day, start);
  const provedAt = later(session.completedAt, member.random.between(5, 30) * MINUTE);
  prove(member, day, provedAt);
  spendWhenAffordable(member, later(provedAt, member.random.between(10, 120) * MINUTE));
}

function train(member, day, at) {
  const { random, userId, docs } = member;
  const [type, difficulty, duration] = [random.pick(WORKOUT_TYPES), random.pick(DIFFICULTIES), random.pick(DURATIONS)];
  const request = requestFor(type, difficulty, duration);
  // Started as it was generated: START sets startedAt after the fields generate wrote, then the ticks.
  const workout = {
    _id: idAt(at),
    userId,
    ...workoutOfPlan(planFor(request), request),
    day,
    createdAt: at,
    startedAt: at,
  };
  docs.workouts.push(workout);

  const total = workout.exercises.length;
  const ticked = workout.exercises.slice(0, random.between(Math.ceil(total / 3), total));
  // The ticks the session sent, kept on the workout after its start as the app keeps them (the completion pays them).
  workout.ticked = ticked.map((e) => e.id);
  const completedAt = later(at, (duration + random.between(0, 10)) * MINUTE);
  const session = {
    _id: idAt(completedAt),
    userId,
    workoutId: workout._id,
    workout: { name: workout.name, type, duration },
    completedExercises: ticked.map((e) => e.id),
    intensity: sessionIntensity(ticked.length, total),
    creditsEarned: sessionCredits(workout.creditsReward, ticked.length, total),
    muscles: [...new Set(ticked.flatMap((e) => e.muscles))],
    completedAt,
  };
  docs.workout_sessions.push(session);
  member.sessions.push(session);
  if (session.creditsEarned > 0) {
    member.chains.post(
      'pending',
      session.creditsEarned,
      'workout',
      `Workout: ${workout.name}`,
      `session:${workout._id}`,
      session._id.toString(),
      later(completedAt, 20),
    );
  }
  award(member, workoutAchievements(member.sessions.length, session.intensity), completedAt);
  return session;
}

/** The day's three uploads and its validation: pending drained into the balance, the streak advanced. */
function prove(member, day, at) {
  const { userId, docs, chains } = member;
  const files = PROOF_KINDS.map((kind, index) => {
    const uploadedAt = later(at, (index - 3) * MINUTE);
    const upload = proofUpload(member, kind, uploadedAt);
    docs.uploads.push(upload);
    return {
      kind,
      uploadId: upload._id,
      mime: upload.mime,
      size: upload.size,
      sha256: upload.sha256,
      checks: CHECKS[kind],
    };
  });
  const step = nextStreak(member.streak.last, day);
  if (!step.ok) throw new Error(`history validates ${day} twice`);
  const pending = chains.heads.pending.balance;
  const proofDay = {
    _id: idAt(at),
    userId,
    day,
    timeZone: 'UTC',
    streakAfter: step.streak,
    status: 'credited',
    coinsValidated: pending,
    proofs: files,
    createdAt: at,
  };
  docs.proof_days.push(proofDay);
  for (const file of files)
    docs.proof_media.push({
      _id: file.sha256,
      userId,
      uploadId: file.uploadId,
      proofDayId: proofDay._id,
      createdAt: later(at, 5),
    });
  member.streak = { last: { day, streakAfter: step.streak }, longest: Math.max(member.streak.longest, step.streak) };
  // Pending is above zero here: the day's session earned credits (the app refuses a day without).
  const keys = proofLedgerKeys(userId.toString(), day);
  chains.post(
    'pending',
    -pending,
    'proof',
    `Daily proof ${day}: pending credits validated`,
    keys.drain,
    proofDay._id.toString(),
    later(at, 50),
  );
  chains.post(
    'credits',
    pending,
    'proof',
    'Daily proof validated',
    keys.credit,
    proofDay._id.toString(),
    later(at, 60),
  );
  award(member, streakAchievements(step.streak), at);
}

/** A finished proof upload; files older than the retention period have been deleted by the sweep. */
function proofUpload(member, kind, at) {
  const purpose = PROOF_PURPOSES[kind];
  const limits = UPLOAD_PURPOSES[purpose];
  const retentionEnds = later(at, PROOF_MEDIA_RETENTION_DAYS * DAY + member.random.between(1, 15) * MINUTE);
  return {
    _id: idAt(at),
    owner: member.userId,
    purpose,
    maxBytes: limits.maxBytes,
    allowedTypes: [...limits.allowedTypes],
    status: 'finished',
    size: member.random.between(...FILE_BYTES[kind]),
    mime: PROOF_MIMES[kind],
    sha256: randomBytes(32).toString('hex'),
    expiresAt: later(at, UPLOAD_URL_TTL_MS),
    fileRemovedAt: retentionEnds < member.now ? retentionEnds : null,
    createdAt: at,
  };
}

/** A goal stake as soon as the balance covers it, then a redemption once it covers the item. */
function spendWhenAffordable(member, at) {
  const { docs, chains, userId } = member;
  const balance = () => chains.heads.credits.balance;
  if (docs.goals.length === 0 && balance() >= GOAL_STAKE) {
    const goalId = idAt(at);
    const title = 'Train 100 times';
    chains.post(
      'credits',
      -GOAL_STAKE,
      'goal.stake',
      `Staked on goal: ${title}`,
      `goal:${goalId}:stake`,
      goalId.toString(),
      at,
    );
    // Far off and out of reach, so the goal stays active whatever the bench does.
    const deadline = later(member.now, 180 * DAY)
      .toISOString()
      .slice(0, 10);
    docs.goals.push({
      _id: goalId,
      userId,
      title,
      metric: 'workouts',
      targetValue: 100,
      deadline,
      creditsStaked: GOAL_STAKE,
      status: 'active',
      payout: null,
      createdAt: later(at, 10),
    });
  } else if (docs.redemptions.length === 0 && balance() >= REDEEMED.cost) {
    chains.post(
      'credits',
      -REDEEMED.cost,
      'redeem',
      `Redeemed ${REDEEMED.title}`,
      `redeem:${randomUUID()}`,
      REDEEMED.id,
      at,
    );
    const paidBy = docs.ledger_entries[docs.ledger_entries.length - 1]._id;
    docs.redemptions.push({
      _id: idAt(at),
      userId,
      itemId: REDEEMED.id,
      title: REDEEMED.title,
      cost: REDEEMED.cost,
      voucherCode: voucherCode(REDEEMED.id, randomBytes(8)),
      entryId: paidBy,
      createdAt: later(at, 10),
    });
  }
}

/** Each badge once, at the moment it was first earned. */
function award(member, codes, at) {
  for (const code of codes) {
    if (member.badges.has(code)) continue;
    member.badges.add(code);
    member.docs.achievements.push({ _id: idAt(at), userId: member.userId, code, earnedAt: at });
  }
}

/** The user document as sign-in creates it (in its field order), with what the history left on it. */
function userDocument(_id, walletAddress, profile) {
  const { createdAt, fitnessLevel: level, totalWorkouts, ...balancesAndStreaks } = profile;
  return {
    _id,
    username: walletUsername(walletAddress),
    walletAddress,
    twitterId: null,
    twitterHandle: null,
    referredBy: null,
    ...balancesAndStreaks,
    timeZone: 'UTC',
    fitnessLevel: level,
    height: null,
    weight: null,
    age: null,
    latestBmi: null,
    goal: null,
    equipment: [],
    limitations: [],
    units: 'metric',
    profileSavedAt: null,
    totalWorkouts,
    reportMonths: [],
    sessionEpoch: 0,
    revokedSessions: {},
    createdAt,
    __v: 0,
  };
}

/** What a history changes on its user: cached balances, streaks, training stats. */
function profileFields({ chains, streak, sessions, now }) {
  const recent = sessions.filter((s) => now - s.completedAt <= TRAINING_WINDOW_MS);
  return {
    sweatCredits: chains.heads.credits.balance,
    creditsSeq: chains.heads.credits.seq,
    pendingCredits: chains.heads.pending.balance,
    pendingSeq: chains.heads.pending.seq,
    currentStreak: streak.last?.streakAfter ?? 0,
    longestStreak: streak.longest,
    lastProofDay: streak.last?.day ?? null,
    fitnessLevel: fitnessLevel(trainingHistory(sessions.length, recent, now)),
    totalWorkouts: sessions.length,
  };
}
