/** The kinds of server data the client caches; each query provides one. */
export const CACHE_TAGS = [
  'User',
  'Transactions',
  'Marketplace',
  'Redemptions',
  'Goals',
  'Pool',
  'Achievements',
  'Workout',
  'Sessions',
  'Bmi',
  'Proofs',
  'Profile',
  'ChatHistory',
  'EarnActions',
  'Activities',
  'Program',
  'SessionLog',
  'ExerciseHistory',
  'TrainingProgress',
] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

/**
 * What each mutation changes on the server, as the cached data to fetch again. Queries never
 * refetch by themselves (docs/product.md), so a side effect missing here leaves a screen wrong until the
 * next sign-in. Every mutation's invalidatesTags is its row; a new mutation adds a row.
 */
export const MUTATION_CHANGES = {
  // Sign-in, challenges and upload URLs change nothing a screen shows.
  getPhantomChallenge: [],
  phantomSignIn: [],
  verifySession: [],
  // Signing out resets the whole cache (sessionRefused / signedOut), so nothing is left to refetch.
  endSession: [],
  getLinkChallenge: [],
  // Only a code to navigate to X with; the link itself lands with a fresh page load.
  createXLinkCode: [],
  createBmiUploadUrl: [],
  createProofUploadUrl: [],
  linkWallet: ['User'],
  // Height, weight (on the profile too) and the latest BMI; weight goals read the weight; a BMI
  // record is the evidence of Log Weight.
  calculateBmi: ['User', 'Bmi', 'Goals', 'Profile', 'EarnActions'],
  // The latest BMI and the report months of the rank; the first report earns a badge; the height
  // and weight it states reach the profile; its record logs the weight (Log Weight).
  analyzeBmiReport: ['User', 'Bmi', 'Achievements', 'Profile', 'EarnActions'],
  // The report's height and weight, confirmed by the member, become the profile's (goals read the weight).
  confirmBmiReport: ['User', 'Profile', 'Goals'],
  // Pending credits move to the balance on the ledger; the streak (streak goals read it) and its
  // badges; the profile's time zone becomes the one the proofs were validated in. The streak and
  // the steps of an activity file in the activity slot (stored as an imported activity) are the
  // evidence of Weekly Streak and 10K Steps.
  validateProofs: ['User', 'Proofs', 'Transactions', 'Achievements', 'Goals', 'Profile', 'EarnActions', 'Activities'],
  // A file's checks are kept on the server for validation, but no screen shows them.
  checkProof: [],
  // The profile is part of the user every screen reads (units, height, weight); its time zone
  // decides which day the earning actions are counted on.
  saveProfile: ['User', 'Profile', 'EarnActions'],
  generateWorkout: ['Workout'],
  generateFromChat: ['Workout'],
  // One exercise of today's workout replaced (the answer also fills the cache at once).
  swapExercise: ['Workout'],
  // The session's start and ticks: today's workout is patched from the answer (a tick at once, undone if refused).
  startSession: [],
  updateProgress: [],
  // The message and the reply are stored; "make today easier / harder / shorter" changes today's workout in place.
  coachChat: ['ChatHistory', 'Workout'],
  clearChatHistory: ['ChatHistory'],
  // Pending credits, total sessions and fitness level; today's workout is done; workout goals; badges;
  // the evidence of Complete Workout. A completed program session counts along the member's program.
  completeWorkout: ['User', 'Workout', 'Sessions', 'Achievements', 'Goals', 'EarnActions', 'Program'],
  // A logged, edited or removed set: the session's sets, the exercise's history and records, the
  // charts; the first set starts the session (today's workout says since when).
  logSet: ['Workout', 'SessionLog', 'ExerciseHistory', 'TrainingProgress'],
  removeSet: ['SessionLog', 'ExerciseHistory', 'TrainingProgress'],
  // Set changes kept offline, sent together: as their logSet and removeSet would.
  logSetChanges: ['Workout', 'SessionLog', 'ExerciseHistory', 'TrainingProgress'],
  // Following, pausing, resuming or stopping a program changes only where the member stands in it.
  startProgram: ['Program'],
  // The coach's program replaces the member's; its week is read again (the one program tagged by id).
  buildCoachProgram: ['Program'],
  programAction: ['Program'],
  // The program's next session becomes today's workout (the answer also fills the cache at once).
  startProgramSession: ['Program', 'Workout'],
  // Imported sets join the log (no workout, session or credit): its history and charts. Exporting changes nothing.
  importHistory: ['ExerciseHistory', 'TrainingProgress'],
  exportHistory: [],
  redeem: ['User', 'Transactions', 'Redemptions'],
  // The action is claimed for its period.
  earn: ['User', 'Transactions', 'EarnActions'],
  validateTweet: ['User', 'Transactions'],
  purchaseCredits: ['User', 'Transactions'],
  // The stake leaves the balance.
  createGoal: ['User', 'Transactions', 'Goals'],
} as const satisfies Record<string, readonly CacheTag[]>;

/**
 * What a goal's settlement changes. The server settles due goals when it reads them, so a goals
 * answer in which a goal is newly won or lost means credits moved: paid to the user, or to the pool.
 */
export const GOAL_SETTLEMENT_CHANGES = ['User', 'Transactions', 'Pool'] as const satisfies readonly CacheTag[];
