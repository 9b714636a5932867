import { setupListeners } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type AppStore, createAppStore } from '../app/store';
import { activitiesApi } from '../features/activities/activitiesApi';
import { authApi } from '../features/auth/authApi';
import { bmiApi } from '../features/bmi/bmiApi';
import { creditsApi } from '../features/credits/creditsApi';
import { importsApi } from '../features/imports/importsApi';
import { profileApi } from '../features/profile/profileApi';
import { programsApi } from '../features/programs/programsApi';
import { proofsApi } from '../features/proofs/proofsApi';
import { walletApi } from '../features/wallet/walletApi';
import { logApi } from '../features/workouts/log/logApi';
import { workoutsApi } from '../features/workouts/workoutsApi';
import { jsonResponse, makeUser, mockFetch } from '../test/fixtures';
import { api } from './api';
import { CACHE_TAGS, type CacheTag, MUTATION_CHANGES } from './cacheTable';

const USER = makeUser();

afterEach(() => vi.unstubAllGlobals());

/** One screen query per cache tag, and the path it reads. */
const QUERY_OF: Record<CacheTag, { path: string; subscribe: (store: AppStore) => unknown }> = {
  User: { path: 'user', subscribe: (store) => store.dispatch(authApi.endpoints.getUser.initiate()) },
  Transactions: {
    path: `transactions/${USER.id}`,
    subscribe: (store) => store.dispatch(creditsApi.endpoints.getTransactions.initiate(USER.id)),
  },
  Marketplace: {
    path: 'credits/marketplace',
    subscribe: (store) => store.dispatch(creditsApi.endpoints.getMarketplace.initiate()),
  },
  Redemptions: {
    path: 'credits/redemptions',
    subscribe: (store) => store.dispatch(creditsApi.endpoints.getRedemptions.initiate()),
  },
  Goals: {
    path: `goals/${USER.id}`,
    subscribe: (store) => store.dispatch(creditsApi.endpoints.getGoals.initiate(USER.id)),
  },
  Pool: { path: 'credits/pool', subscribe: (store) => store.dispatch(creditsApi.endpoints.getPool.initiate()) },
  Achievements: {
    path: `achievements/${USER.id}`,
    subscribe: (store) => store.dispatch(creditsApi.endpoints.getAchievements.initiate(USER.id)),
  },
  Workout: {
    path: `workout/today/${USER.id}`,
    subscribe: (store) => store.dispatch(workoutsApi.endpoints.getTodayWorkout.initiate(USER.id)),
  },
  Sessions: {
    path: `workout/sessions/${USER.id}`,
    subscribe: (store) => store.dispatch(workoutsApi.endpoints.getSessions.initiate(USER.id)),
  },
  Bmi: {
    path: `bmi/${USER.id}`,
    subscribe: (store) => store.dispatch(bmiApi.endpoints.getBmiRecords.initiate(USER.id)),
  },
  Proofs: {
    path: `proof/history/${USER.id}`,
    subscribe: (store) => store.dispatch(proofsApi.endpoints.getProofHistory.initiate(USER.id)),
  },
  Profile: { path: 'profile', subscribe: (store) => store.dispatch(profileApi.endpoints.getProfile.initiate()) },
  ChatHistory: {
    path: `workout/chat/history/${USER.id}`,
    subscribe: (store) => store.dispatch(workoutsApi.endpoints.getChatHistory.initiate(USER.id)),
  },
  EarnActions: {
    path: 'credits/earn-actions',
    subscribe: (store) => store.dispatch(creditsApi.endpoints.getEarnActions.initiate()),
  },
  Activities: {
    path: `activities/${USER.id}`,
    subscribe: (store) => store.dispatch(activitiesApi.endpoints.getActivities.initiate(USER.id)),
  },
  Program: {
    path: 'programs/active',
    subscribe: (store) => store.dispatch(programsApi.endpoints.getActiveProgram.initiate()),
  },
  SessionLog: {
    path: 'workout/w/sets',
    subscribe: (store) => store.dispatch(logApi.endpoints.getSessionLog.initiate('w')),
  },
  ExerciseHistory: {
    path: 'log/exercises/squat',
    subscribe: (store) => store.dispatch(logApi.endpoints.getExerciseHistory.initiate('squat')),
  },
  TrainingProgress: {
    path: 'log/progress',
    subscribe: (store) => store.dispatch(logApi.endpoints.getTrainingProgress.initiate()),
  },
};

type Mutation = keyof typeof MUTATION_CHANGES;
const AI_CALL = { body: {}, jobKey: 'job-key-1' };
/** An argument each mutation can build its request from (the fake server answers anything). */
const RUN: Record<Mutation, (store: AppStore) => unknown> = {
  getPhantomChallenge: (store) => store.dispatch(authApi.endpoints.getPhantomChallenge.initiate('wallet')),
  phantomSignIn: (store) =>
    store.dispatch(authApi.endpoints.phantomSignIn.initiate({ walletAddress: 'w', signature: 's', nonce: 'n' })),
  verifySession: (store) => store.dispatch(authApi.endpoints.verifySession.initiate('token')),
  endSession: (store) => store.dispatch(authApi.endpoints.endSession.initiate({ token: 'token', everywhere: false })),
  createXLinkCode: (store) => store.dispatch(authApi.endpoints.createXLinkCode.initiate()),
  getLinkChallenge: (store) => store.dispatch(walletApi.endpoints.getLinkChallenge.initiate('wallet')),
  linkWallet: (store) =>
    store.dispatch(walletApi.endpoints.linkWallet.initiate({ walletAddress: 'w', signature: 's', nonce: 'n' })),
  createBmiUploadUrl: (store) => store.dispatch(bmiApi.endpoints.createBmiUploadUrl.initiate({ size: 1 })),
  createProofUploadUrl: (store) =>
    store.dispatch(proofsApi.endpoints.createProofUploadUrl.initiate({ kind: 'gym_selfie', size: 1 })),
  calculateBmi: (store) => store.dispatch(bmiApi.endpoints.calculateBmi.initiate({ height: 180, weight: 80 })),
  analyzeBmiReport: (store) =>
    store.dispatch(bmiApi.endpoints.analyzeBmiReport.initiate({ fileUrl: 'u', jobKey: 'job-key-1' })),
  confirmBmiReport: (store) => store.dispatch(bmiApi.endpoints.confirmBmiReport.initiate('r1')),
  validateProofs: (store) => store.dispatch(proofsApi.endpoints.validateProofs.initiate({ proofs: {} })),
  checkProof: (store) =>
    store.dispatch(proofsApi.endpoints.checkProof.initiate({ kind: 'gym_selfie', fileUrl: 'u', timeZone: 'UTC' })),
  generateWorkout: (store) =>
    store.dispatch(
      workoutsApi.endpoints.generateWorkout.initiate({
        ...AI_CALL,
        body: { userId: USER.id, type: 'yoga', difficulty: 'beginner', duration: 15 },
      }),
    ),
  generateFromChat: (store) =>
    store.dispatch(
      workoutsApi.endpoints.generateFromChat.initiate({ ...AI_CALL, body: { userId: USER.id, chatHistory: [] } }),
    ),
  coachChat: (store) =>
    store.dispatch(
      workoutsApi.endpoints.coachChat.initiate({
        ...AI_CALL,
        body: { userId: USER.id, message: 'hi', chatHistory: [] },
      }),
    ),
  swapExercise: (store) =>
    store.dispatch(workoutsApi.endpoints.swapExercise.initiate({ userId: USER.id, workoutId: 'w', exerciseId: 'e1' })),
  clearChatHistory: (store) => store.dispatch(workoutsApi.endpoints.clearChatHistory.initiate(USER.id)),
  completeWorkout: (store) =>
    store.dispatch(
      workoutsApi.endpoints.completeWorkout.initiate({ userId: USER.id, workoutId: 'w', completedExercises: ['e1'] }),
    ),
  startSession: (store) =>
    store.dispatch(workoutsApi.endpoints.startSession.initiate({ userId: USER.id, workoutId: 'w' })),
  logSet: (store) =>
    store.dispatch(
      logApi.endpoints.logSet.initiate({
        workoutId: 'w',
        setKey: 'set-key-1',
        userId: USER.id,
        exerciseId: 'e1',
        order: 0,
        warmup: false,
        reps: 5,
      }),
    ),
  logSetChanges: (store) =>
    store.dispatch(
      logApi.endpoints.logSetChanges.initiate({
        workoutId: 'w',
        userId: USER.id,
        changes: [{ kind: 'removeSet', setKey: 'set-key-1' }],
      }),
    ),
  removeSet: (store) => store.dispatch(logApi.endpoints.removeSet.initiate({ workoutId: 'w', setKey: 'set-key-1' })),
  updateProgress: (store) =>
    store.dispatch(
      workoutsApi.endpoints.updateProgress.initiate({ userId: USER.id, workoutId: 'w', exerciseId: 'e1', done: true }),
    ),
  redeem: (store) =>
    store.dispatch(creditsApi.endpoints.redeem.initiate({ userId: USER.id, itemId: 'gym-pass', cost: 150 })),
  earn: (store) => store.dispatch(creditsApi.endpoints.earn.initiate({ userId: USER.id, action: 'steps' })),
  validateTweet: (store) =>
    store.dispatch(
      creditsApi.endpoints.validateTweet.initiate({ userId: USER.id, tweetUrl: 'https://x.com/a/status/1' }),
    ),
  purchaseCredits: (store) =>
    store.dispatch(
      walletApi.endpoints.purchaseCredits.initiate({ transactionHash: 'h', creditsAmount: 100, solAmount: 0.001 }),
    ),
  startProgram: (store) =>
    store.dispatch(programsApi.endpoints.startProgram.initiate({ userId: USER.id, programId: 'full-body-3' })),
  buildCoachProgram: (store) =>
    store.dispatch(programsApi.endpoints.buildCoachProgram.initiate({ userId: USER.id, daysPerWeek: 3 })),
  programAction: (store) =>
    store.dispatch(programsApi.endpoints.programAction.initiate({ userId: USER.id, action: 'pause' })),
  startProgramSession: (store) =>
    store.dispatch(programsApi.endpoints.startProgramSession.initiate({ userId: USER.id })),
  importHistory: (store) =>
    store.dispatch(
      importsApi.endpoints.importHistory.initiate({ csv: 'a,b', units: 'kg', mapping: {}, jobKey: 'job-key-1' }),
    ),
  exportHistory: (store) => store.dispatch(importsApi.endpoints.exportHistory.initiate('strong')),
  createGoal: (store) =>
    store.dispatch(
      creditsApi.endpoints.createGoal.initiate({
        title: 't',
        metric: 'workouts',
        targetValue: 3,
        deadline: '2099-01-01',
        creditsStaked: 5,
      }),
    ),
  saveProfile: (store) =>
    store.dispatch(
      profileApi.endpoints.saveProfile.initiate({
        age: 30,
        height: 180,
        weight: 80,
        goal: null,
        equipment: [],
        limitations: [],
        units: 'imperial',
        timeZone: 'UTC',
      }),
    ),
};

/** Lets RTK Query send what the mutation made stale, and waits for the answers. */
async function settle(store: AppStore) {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  }
}

/** A store reading every kind of cached data from a fake server; `goals` answers the goals list. */
async function screenWithEveryQuery(goals: () => unknown = () => []) {
  const reads = new Map<string, number>();
  mockFetch((url, request) => {
    const path = new URL(url).pathname.replace(/^\/api\//, '');
    if (request.method === 'GET') reads.set(path, (reads.get(path) ?? 0) + 1);
    if (path === 'user') return jsonResponse(USER);
    if (path === `goals/${USER.id}`) return jsonResponse(goals());
    return jsonResponse(request.method === 'GET' && path !== 'credits/pool' ? [] : {});
  });
  const store = createAppStore();
  for (const tag of CACHE_TAGS) QUERY_OF[tag].subscribe(store);
  await settle(store);
  /** The cache tags whose queries were read again since the last call. */
  const refetched = () => {
    const again = CACHE_TAGS.filter((tag) => (reads.get(QUERY_OF[tag].path) ?? 0) > 1);
    reads.clear();
    CACHE_TAGS.forEach((tag) => reads.set(QUERY_OF[tag].path, 1));
    return again;
  };
  refetched();
  return { store, refetched };
}

async function tagsRefetchedBy(mutation: Mutation): Promise<CacheTag[]> {
  const { store, refetched } = await screenWithEveryQuery();
  await RUN[mutation](store);
  await settle(store);
  return refetched();
}

describe('the cache table', () => {
  it('has a row for every mutation of the api, and none for a mutation that is gone', async () => {
    // Every feature's endpoints are injected by the imports above.
    const mutations = Object.entries(api.endpoints)
      .filter(([, endpoint]) => 'useMutation' in (endpoint as object))
      .map(([name]) => name);
    expect(mutations.sort()).toEqual(Object.keys(MUTATION_CHANGES).sort());
  });

  it.each(Object.keys(MUTATION_CHANGES) as Mutation[])('%s refetches exactly its row', async (mutation) => {
    expect(await tagsRefetchedBy(mutation)).toEqual(
      CACHE_TAGS.filter((tag) => (MUTATION_CHANGES[mutation] as readonly CacheTag[]).includes(tag)),
    );
  });
});

// The side effects the server has, each checked against what the client then shows again.
describe('what a change refreshes', () => {
  it('a BMI from the calculator refreshes goals: weight goals read the weight it records', async () => {
    expect(await tagsRefetchedBy('calculateBmi')).toEqual(expect.arrayContaining(['User', 'Bmi', 'Goals']));
  });

  it('a validated day refreshes goals (streak goals), the balance, the ledger, proofs, badges and imported activities', async () => {
    expect(await tagsRefetchedBy('validateProofs')).toEqual(
      expect.arrayContaining(['User', 'Transactions', 'Proofs', 'Achievements', 'Goals', 'Activities']),
    );
  });

  it('a completed workout refreshes sessions, the user’s stats, today’s workout, goals and badges', async () => {
    expect(await tagsRefetchedBy('completeWorkout')).toEqual(
      expect.arrayContaining(['User', 'Workout', 'Sessions', 'Achievements', 'Goals']),
    );
  });

  it.each(['redeem', 'purchaseCredits', 'validateTweet', 'earn', 'createGoal'] as const)(
    '%s refreshes the balance and the ledger',
    async (mutation) => {
      expect(await tagsRefetchedBy(mutation)).toEqual(expect.arrayContaining(['User', 'Transactions']));
    },
  );

  it.each(['completeWorkout', 'calculateBmi', 'analyzeBmiReport', 'validateProofs', 'earn', 'saveProfile'] as const)(
    '%s refreshes the earning actions: it is their evidence, their claim or their day',
    async (mutation) => {
      expect(await tagsRefetchedBy(mutation)).toContain('EarnActions');
    },
  );

  it('a redemption refreshes the redemptions list', async () => {
    expect(await tagsRefetchedBy('redeem')).toContain('Redemptions');
  });

  it('an analysed report refreshes the BMI records, the user (rank, latest BMI) and badges', async () => {
    expect(await tagsRefetchedBy('analyzeBmiReport')).toEqual(expect.arrayContaining(['User', 'Bmi', 'Achievements']));
  });

  it('a BMI or a report refreshes the profile: both write its height and weight', async () => {
    expect(await tagsRefetchedBy('calculateBmi')).toContain('Profile');
    expect(await tagsRefetchedBy('analyzeBmiReport')).toContain('Profile');
  });

  it('a saved profile refreshes the user every screen reads its units from', async () => {
    expect(await tagsRefetchedBy('saveProfile')).toEqual(['User', 'Profile', 'EarnActions']);
  });

  it('a generated workout refreshes today’s workout', async () => {
    expect(await tagsRefetchedBy('generateWorkout')).toEqual(['Workout']);
    expect(await tagsRefetchedBy('generateFromChat')).toEqual(['Workout']);
  });

  it('a goal settled when the goals are read refreshes the balance, the ledger and the pool', async () => {
    const goal = {
      id: 'g1',
      title: 'Run',
      metric: 'workouts',
      creditsStaked: 10,
      currentValue: 3,
      targetValue: 3,
      deadline: '2099-01-01',
      payout: null,
      createdAt: '',
    };
    let status = 'active';
    const { store, refetched } = await screenWithEveryQuery(() => [{ ...goal, status }]);
    await store.dispatch(creditsApi.endpoints.getGoals.initiate(USER.id, { forceRefetch: true }));
    await settle(store);
    expect(refetched()).toEqual(['Goals']);

    status = 'won';
    await store.dispatch(creditsApi.endpoints.getGoals.initiate(USER.id, { forceRefetch: true }));
    await settle(store);
    expect(refetched()).toEqual(['User', 'Transactions', 'Goals', 'Pool']);
  });
});

describe('refetching by itself', () => {
  it('happens when the browser comes back online, not on window focus (docs/product.md)', async () => {
    const { store, refetched } = await screenWithEveryQuery();
    const stopListening = setupListeners(store.dispatch);
    window.dispatchEvent(new Event('focus'));
    await settle(store);
    expect(refetched()).toEqual([]);
    window.dispatchEvent(new Event('online'));
    await settle(store);
    expect(refetched()).toEqual([...CACHE_TAGS]);
    stopListening();
  });
});
