import type {
  AchievementView,
  CreateGoalRequest,
  EarnActionState,
  EarnRequest,
  EarnResponse,
  GoalView,
  MarketplaceItem,
  PoolView,
  RedeemRequest,
  RedeemResponse,
  RedemptionView,
  TransactionView,
  ValidateTweetRequest,
  ValidateTweetResponse,
} from '@contract';
import { LEDGER_PAGE_SIZE } from '@contract/values';

import { api } from '../../api/api';
import { GOAL_SETTLEMENT_CHANGES, MUTATION_CHANGES } from '../../api/cacheTable';
import { nextLedgerPage } from './credits.logic';

/** The newest page has no cursor; older pages start below the last row's `seq`. */
const NEWEST = 0;

/** True when a goal that was active is now won or lost: reading the goals settled it. */
function settledSince(before: GoalView[], after: GoalView[]): boolean {
  const active = new Set(before.filter((goal) => goal.status === 'active').map((goal) => goal.id));
  return after.some((goal) => goal.status !== 'active' && active.has(goal.id));
}

export const creditsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getMarketplace: builder.query<MarketplaceItem[], void>({
      query: () => 'credits/marketplace',
      providesTags: ['Marketplace'],
    }),
    getRedemptions: builder.query<RedemptionView[], void>({
      query: () => 'credits/redemptions',
      providesTags: ['Redemptions'],
    }),
    getPool: builder.query<PoolView, void>({
      query: () => 'credits/pool',
      providesTags: ['Pool'],
    }),
    /** Each earning action as CLAIM would find it now (the server applies the claim's own rule). */
    getEarnActions: builder.query<EarnActionState[], void>({
      query: () => 'credits/earn-actions',
      providesTags: ['EarnActions'],
    }),
    getGoals: builder.query<GoalView[], string>({
      query: (userId) => `goals/${userId}`,
      providesTags: ['Goals'],
      async onQueryStarted(userId, { dispatch, getState, queryFulfilled }) {
        const before = creditsApi.endpoints.getGoals.select(userId)(getState()).data;
        const { data: after } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (before && after && settledSince(before, after))
          dispatch(api.util.invalidateTags([...GOAL_SETTLEMENT_CHANGES]));
      },
    }),
    getAchievements: builder.query<AchievementView[], string>({
      query: (userId) => `achievements/${userId}`,
      providesTags: ['Achievements'],
    }),
    /** The caller's ledger, newest first, one page per "load more". */
    getTransactions: builder.infiniteQuery<TransactionView[], string, number>({
      infiniteQueryOptions: {
        initialPageParam: NEWEST,
        getNextPageParam: nextLedgerPage,
      },
      query: ({ queryArg: userId, pageParam }) => ({
        url: `transactions/${userId}`,
        params: pageParam === NEWEST ? { limit: LEDGER_PAGE_SIZE } : { limit: LEDGER_PAGE_SIZE, before: pageParam },
      }),
      providesTags: ['Transactions'],
    }),
    redeem: builder.mutation<RedeemResponse, RedeemRequest>({
      query: (body) => ({ url: 'credits/redeem', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.redeem,
    }),
    earn: builder.mutation<EarnResponse, EarnRequest>({
      query: (body) => ({ url: 'credits/earn', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.earn,
    }),
    validateTweet: builder.mutation<ValidateTweetResponse, ValidateTweetRequest>({
      query: (body) => ({ url: 'credits/validate-tweet', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.validateTweet,
    }),
    createGoal: builder.mutation<GoalView, CreateGoalRequest>({
      query: (body) => ({ url: 'goals', method: 'POST', body }),
      invalidatesTags: MUTATION_CHANGES.createGoal,
    }),
  }),
});

export const {
  useGetMarketplaceQuery,
  useGetRedemptionsQuery,
  useGetPoolQuery,
  useGetEarnActionsQuery,
  useGetGoalsQuery,
  useGetAchievementsQuery,
  useGetTransactionsInfiniteQuery,
  useRedeemMutation,
  useEarnMutation,
  useValidateTweetMutation,
  useCreateGoalMutation,
} = creditsApi;
