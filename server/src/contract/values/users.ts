/** Profile ranks, lowest first (the server's rank points decide which one a user holds). */
export const PROFILE_RANKS = ['ROOKIE', 'CONTENDER', 'ATHLETE', 'ELITE', 'LEGEND'] as const;
