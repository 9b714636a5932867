import type {
  AchievementView,
  CreateGoalRequest,
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

/** The newest page has no cursor; older pages start below the last row's `seq`. */
const NEWEST = 0;

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
    getGoals: builder.query<GoalView[], string>({
      query: (userId) => `goals/${userId}`,
      providesTags: ['Goals'],
    }),
    getAchievements: builder.query<AchievementView[], string>({
      query: (userId) => `achievements/${userId}`,
      providesTags: ['Achievements'],
    }),
    /** The caller's ledger, newest first, one page per "load more". */
    getTransactions: builder.infiniteQuery<TransactionView[], string, number>({
      infiniteQueryOptions: {
        initialPageParam: NEWEST,
        getNextPageParam: (lastPage) => (lastPage.length < LEDGER_PAGE_SIZE ? undefined : lastPage[lastPage.length - 1].seq),
      },
      query: ({ queryArg: userId, pageParam }) => ({
        url: `transactions/${userId}`,
        params: pageParam === NEWEST ? { limit: LEDGER_PAGE_SIZE } : { limit: LEDGER_PAGE_SIZE, before: pageParam },
      }),
      providesTags: ['Transactions'],
    }),
    redeem: builder.mutation<RedeemResponse, RedeemRequest>({
      query: (body) => ({ url: 'credits/redeem', method: 'POST', body }),
      invalidatesTags: ['User', 'Transactions', 'Redemptions'],
    }),
    earn: builder.mutation<EarnResponse, EarnRequest>({
      query: (body) => ({ url: 'credits/earn', method: 'POST', body }),
      invalidatesTags: ['User', 'Transactions'],
    }),
    validateTweet: builder.mutation<ValidateTweetResponse, ValidateTweetRequest>({
      query: (body) => ({ url: 'credits/validate-tweet', method: 'POST', body }),
      invalidatesTags: ['User', 'Transactions'],
    }),
    createGoal: builder.mutation<GoalView, CreateGoalRequest>({
      query: (body) => ({ url: 'goals', method: 'POST', body }),
      invalidatesTags: ['User', 'Transactions', 'Goals', 'Pool'],
    }),
  }),
});

export const {
  useGetMarketplaceQuery,
  useGetRedemptionsQuery,
  useGetPoolQuery,
  useGetGoalsQuery,
  useGetAchievementsQuery,
  useGetTransactionsInfiniteQuery,
  useRedeemMutation,
  useEarnMutation,
  useValidateTweetMutation,
  useCreateGoalMutation,
} = creditsApi;
