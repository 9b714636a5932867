import { randomBytes } from 'node:crypto';

import mongoose from 'mongoose';

import { recordRepositoryQueries, repositoryModules } from './support/recorded-queries';

/**
 * One owner per field: the updates the real repositories send (every call of
 * support/repository-queries.ts, recorded through Mongoose) change each field of each collection
 * from the repositories of one module only. The user document is shared by several modules, so
 * its owners are spelled out (docs/architecture.md, Data owners).
 */
const MONGO_BASE = process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27027';

const USER_FIELD_OWNERS: Record<string, string> = {
  walletAddress: 'users',
  sweatCredits: 'ledger',
  creditsSeq: 'ledger',
  pendingCredits: 'ledger',
  pendingSeq: 'ledger',
  currentStreak: 'proofs',
  longestStreak: 'proofs',
  lastProofDay: 'proofs',
  timeZone: 'profile',
  earningTimeZone: 'credits',
  lastEarningDay: 'credits',
  lastEarningTimeZone: 'credits',
  fitnessLevel: 'workouts',
  totalWorkouts: 'workouts',
  height: 'profile',
  weight: 'profile',
  age: 'profile',
  latestBmi: 'bmi',
  goal: 'profile',
  equipment: 'profile',
  limitations: 'profile',
  units: 'profile',
  profileSavedAt: 'profile',
  reportMonths: 'bmi',
  sessionEpoch: 'auth',
  revokedSessions: 'auth',
};

describe('data owners', () => {
  let scratch: mongoose.Connection;
  let writers: Map<string, Set<string>>;
  beforeAll(async () => {
    scratch = await mongoose
      .createConnection(`${MONGO_BASE}/sweat_test_owners_${randomBytes(4).toString('hex')}`)
      .asPromise();
    writers = (await recordRepositoryQueries(scratch, 1, 1)).writersByField;
  });
  afterAll(async () => {
    await scratch.dropDatabase().catch(() => undefined);
    await scratch.close();
  });

  const modulesOf = (key: string) => {
    const modules = repositoryModules();
    return [...new Set([...writers.get(key)!].map((repository) => modules.get(repository)))].sort();
  };

  it('lets one module write each field of every collection', () => {
    const shared = [...writers.keys()]
      .map((key) => ({ key, modules: modulesOf(key) }))
      .filter(({ modules }) => modules.length !== 1);
    expect(shared).toEqual([]);
  });

  it("writes the user document's fields from their owners' modules", () => {
    const owners = Object.fromEntries(
      [...writers.keys()]
        .filter((key) => key.startsWith('users '))
        .map((key) => [key.slice('users '.length), modulesOf(key).join(',')]),
    );
    expect(owners).toEqual(USER_FIELD_OWNERS);
  });
});
