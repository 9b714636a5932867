import type { EarnActionState, GoalView, MarketplaceItem, TransactionView } from '@contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CREDIT_PACKAGES, jsonResponse, makeUser, mockFetch, renderApp, signedInStore } from '../../test/fixtures';

// The lazy route and the eight sections' first fetches can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const USER = makeUser({ sweatCredits: 200, currentStreak: 4, longestStreak: 9 });

const MARKET: MarketplaceItem[] = [
  {
    id: 'protein-discount',
    title: 'Protein Discount',
    description: '20% off protein powder',
    cost: 250,
    category: 'discount',
    available: true,
    icon: 'percent',
  },
  {
    id: 'gym-pass',
    title: 'Gym Pass',
    description: 'One-day guest pass',
    cost: 150,
    category: 'access',
    available: true,
    icon: 'ticket',
  },
];

function row(seq: number, amount: number, balance: number): TransactionView {
  return {
    id: `e${seq}`,
    seq,
    createdAt: `2025-03-${String(seq).padStart(2, '0')}T10:00:00.000Z`,
    reason: `Entry ${seq}`,
    kind: 'grant',
    amount,
    balance,
    ref: null,
  };
}

const GOAL: GoalView = {
  id: 'g1',
  title: 'Ten sessions',
  metric: 'workouts',
  creditsStaked: 50,
  currentValue: 4,
  targetValue: 10,
  deadline: '2099-01-01',
  status: 'active',
  payout: null,
  createdAt: '2025-03-01T00:00:00.000Z',
};

/** One card of each kind: READY, a streak on its way, claimed, and missing evidence. */
const EARN_STATES: EarnActionState[] = [
  {
    action: 'workout',
    credits: 10,
    claimable: true,
    alreadyClaimed: false,
    progress: null,
    missing: null,
    pending: true,
  },
  {
    action: 'streak',
    credits: 50,
    claimable: false,
    alreadyClaimed: false,
    progress: { current: 3, target: 7, unit: 'days' },
    missing: '3/7 days to Weekly Streak',
    pending: false,
  },
  {
    action: 'weight',
    credits: 5,
    claimable: false,
    alreadyClaimed: true,
    progress: null,
    missing: 'Already claimed today',
    pending: false,
  },
  {
    action: 'steps',
    credits: 15,
    claimable: false,
    alreadyClaimed: false,
    progress: null,
    missing: "0/10,000 steps in today's imported activity files",
    pending: false,
  },
];

interface Server {
  user?: typeof USER;
  earnActions?: () => EarnActionState[];
  earn?: () => Response;
  goal?: () => Response;
  goals?: () => GoalView[];
  transactions?: (url: URL) => TransactionView[];
  redeem?: () => Response;
  tweet?: () => Response;
  market?: MarketplaceItem[];
}

/** A fake API answering the credits screen's calls; records every request. */
function serve(server: Server = {}) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = mockFetch(async (url, request) => {
    const { pathname } = new URL(url);
    const path = pathname.replace(/^\/api\//, '');
    const body = request.method === 'POST' ? await request.clone().json() : undefined;
    requests.push({ method: request.method, path, body });
    if (path === 'user') return jsonResponse(server.user ?? USER);
    if (path === 'credits/marketplace') return jsonResponse(server.market ?? MARKET);
    if (path === 'credits/redemptions') return jsonResponse([]);
    if (path === 'credits/packages') return jsonResponse(CREDIT_PACKAGES);
    if (path === 'credits/pool')
      return jsonResponse({ balance: 12450, rules: ['The pool opened with 12,450 credits.'] });
    if (path === `goals/${USER.id}`) return jsonResponse(server.goals?.() ?? [GOAL]);
    if (path === `achievements/${USER.id}`)
      return jsonResponse([
        { id: 'a1', code: 'first', title: 'First Session', description: 'd', earnedAt: '2025-03-01' },
      ]);
    if (path === `transactions/${USER.id}`) return jsonResponse(server.transactions?.(new URL(url)) ?? []);
    if (path === 'credits/redeem') return server.redeem?.() ?? jsonResponse({}, 500);
    if (path === 'credits/validate-tweet') return server.tweet?.() ?? jsonResponse({}, 500);
    if (path === 'goals') return server.goal?.() ?? jsonResponse({ ...GOAL, id: 'g2', title: 'Streak week' }, 201);
    if (path === 'credits/earn-actions') return jsonResponse(server.earnActions?.() ?? EARN_STATES);
    if (path === 'credits/earn')
      return server.earn?.() ?? jsonResponse({ statusCode: 409, message: 'not earned', error: 'Not Earned Yet' }, 409);
    return jsonResponse({ statusCode: 404, message: 'no', error: 'Not Found' }, 404);
  });
  return { requests, fetchMock };
}

const renderCredits = (user = USER) => renderApp('/credits', signedInStore(user));
const panel = (name: string) => within(screen.getByRole('region', { name }));

describe('CreditsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the nine sections in the product’s order with balance and streak', async () => {
    serve();
    renderCredits();
    expect(await screen.findByText('Gym Pass')).toBeTruthy();
    expect(screen.getByTestId('credits-balance').textContent).toBe('200');
    expect(screen.getByTestId('credits-streak').textContent).toBe('4');
    const titles = within(screen.getByRole('main'))
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label'));
    expect(titles).toEqual([
      'CREDITS_AS_REVENUE',
      'EARNING_ACTIONS',
      'PREDICTION_GOALS',
      'COMMUNITY_POOL',
      'REDEMPTION_MARKETPLACE',
      'BADGES_AND_STREAKS',
      'TRANSACTION_LEDGER',
      'PURCHASE_CREDITS',
    ]);
    expect(await panel('COMMUNITY_POOL').findByText('12,450')).toBeTruthy();
    expect(await panel('BADGES_AND_STREAKS').findByText('First Session')).toBeTruthy();
    expect(panel('BADGES_AND_STREAKS').getByTestId('best-streak').textContent).toBe('9 DAYS');
    expect(panel('TRANSACTION_LEDGER').getByText('NO_TRANSACTION_HISTORY')).toBeTruthy();
    const bar = await panel('PREDICTION_GOALS').findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(panel('PREDICTION_GOALS').getByText('DUE Jan 1, 2099')).toBeTruthy();
    expect(panel('PURCHASE_CREDITS').getByText('DISCONNECTED')).toBeTruthy();
    expect(await panel('PURCHASE_CREDITS').findByText('0.02 SOL')).toBeTruthy();
  });

  it('says beside every disabled REDEEM why: the credits missing (and those still pending), or the item unavailable', async () => {
    const pendingUser = makeUser({ ...USER, sweatCredits: 200, pendingCredits: 14 });
    serve({
      user: pendingUser,
      market: [...MARKET, { ...MARKET[1], id: 'nutrition-plan', title: 'Nutrition Plan', cost: 100, available: false }],
    });
    renderCredits(pendingUser);
    const reasonOf = async (title: string) => {
      const button = (await screen.findByRole('button', { name: `Redeem ${title}` })) as HTMLButtonElement;
      const describedBy = button.getAttribute('aria-describedby');
      return { disabled: button.disabled, reason: describedBy && document.getElementById(describedBy)!.textContent };
    };
    expect(await reasonOf('Protein Discount')).toEqual({
      disabled: true,
      reason: 'Needs 50 more credits; 14 credits pending: prove today to validate them',
    });
    expect(await reasonOf('Nutrition Plan')).toEqual({ disabled: true, reason: 'Not available right now' });
    expect(await reasonOf('Gym Pass')).toEqual({ disabled: false, reason: null });
  });

  it('disables REDEEM when the balance is below the cost; a redeem refreshes the user and ledger and toasts', async () => {
    let balance = 200;
    const { requests } = serve({
      user: USER,
      transactions: () => (balance === 50 ? [row(2, -150, 50), row(1, 200, 200)] : [row(1, 200, 200)]),
      redeem: () => {
        balance = 50;
        return jsonResponse({
          redemption: {
            id: 'r1',
            itemId: 'gym-pass',
            title: 'Gym Pass',
            cost: 150,
            voucherCode: 'GYM-ABCD-EFGH',
            createdAt: '',
          },
          balance,
        });
      },
    });
    renderCredits();
    const protein = (await screen.findByRole('button', { name: 'Redeem Protein Discount' })) as HTMLButtonElement;
    expect(protein.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Redeem Gym Pass' }));

    expect(await screen.findByText('Redeemed Successfully!')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Notifications (F8)' })).getByText(/GYM-ABCD-EFGH/)).toBeTruthy();
    const redeem = requests.find((r) => r.path === 'credits/redeem')!;
    expect(redeem.body).toMatchObject({
      userId: USER.id,
      itemId: 'gym-pass',
      cost: 150,
      requestId: expect.any(String),
    });
    // invalidated: the ledger and the user are fetched again
    expect(await panel('TRANSACTION_LEDGER').findByText('-150')).toBeTruthy();
    expect(requests.filter((r) => r.path === 'user').length).toBeGreaterThan(0);
  });

  /** The CLAIM button of an earning action, and the text its aria-describedby points to. */
  async function claimButton(title: string) {
    const button = await panel('EARNING_ACTIONS').findByRole('button', { name: `Claim ${title}` });
    const describedBy = button.getAttribute('aria-describedby');
    return { button, reason: describedBy ? document.getElementById(describedBy)?.textContent : undefined };
  }

  it('says before the click which earning action pays now and what the others miss', async () => {
    const { requests } = serve();
    renderCredits();
    const earning = panel('EARNING_ACTIONS');
    const workout = await claimButton('Complete Workout');
    await vi.waitFor(() => expect(earning.getByText('READY')).toBeTruthy());
    expect(workout.button.getAttribute('aria-disabled')).toBeNull();
    expect((await claimButton('Complete Workout')).reason).toBe('READY');

    const bar = earning.getByRole('progressbar', { name: 'Weekly Streak progress' });
    expect([
      bar.getAttribute('aria-valuenow'),
      bar.getAttribute('aria-valuemin'),
      bar.getAttribute('aria-valuemax'),
    ]).toEqual(['3', '0', '7']);
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 7 days');
    expect(earning.getAllByRole('progressbar')).toHaveLength(1);

    for (const [title, reason] of [
      ['Weekly Streak', '3/7 days to Weekly Streak'],
      ['Log Weight', 'Already claimed today'],
      ['10K Steps', "0/10,000 steps in today's imported activity files"],
    ]) {
      const card = await claimButton(title);
      expect([title, card.button.getAttribute('aria-disabled'), card.reason]).toEqual([title, 'true', reason]);
      // Still focusable, so the reason can be read; a click sends nothing.
      card.button.focus();
      expect(document.activeElement).toBe(card.button);
      await userEvent.click(card.button);
    }
    expect(requests.some((r) => r.path === 'credits/earn')).toBe(false);
  });

  it('claims a READY action with a toast, then shows it claimed from the refetched states', async () => {
    let claimed = false;
    const { requests } = serve({
      earnActions: () =>
        claimed
          ? EARN_STATES.map((s) =>
              s.action === 'workout'
                ? { ...s, claimable: false, alreadyClaimed: true, missing: 'Already claimed today' }
                : s,
            )
          : EARN_STATES,
      earn: () => {
        claimed = true;
        return jsonResponse({ action: 'workout', credits: 10, balance: 200, pendingCredits: 24, pending: true });
      },
    });
    renderCredits();
    const earning = panel('EARNING_ACTIONS');
    await vi.waitFor(() => expect(earning.getByText('READY')).toBeTruthy());
    // The card and the toast say the same words: Complete Workout pays into pending credits.
    expect(earning.getByText('After CLAIM: 10 credits pending: prove today to validate them')).toBeTruthy();
    await userEvent.click((await claimButton('Complete Workout')).button);

    expect(await screen.findByText('Credits Earned!')).toBeTruthy();
    expect(screen.getByText('10 credits pending: prove today to validate them')).toBeTruthy();
    expect(requests.find((r) => r.path === 'credits/earn')!.body).toEqual({
      userId: USER.id,
      action: 'workout',
      credits: 10,
    });
    await vi.waitFor(() => expect(earning.queryByText('READY')).toBeNull());
    const workout = await claimButton('Complete Workout');
    expect([workout.button.getAttribute('aria-disabled'), workout.reason]).toEqual(['true', 'Already claimed today']);
    expect(requests.filter((r) => r.path === 'credits/earn-actions').length).toBe(2);
  });

  it('shows Insufficient Credits on any redeem failure', async () => {
    serve({ redeem: () => jsonResponse({ statusCode: 409, message: 'x', error: 'y' }, 409) });
    renderCredits();
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Gym Pass' }));
    expect(await screen.findByText('Insufficient Credits')).toBeTruthy();
    expect(screen.getByText("You don't have enough credits for this item")).toBeTruthy();
  });

  it('refuses an empty or non-X tweet URL on the client, and shows the server refusal as Validation Failed', async () => {
    const { requests } = serve({
      tweet: () =>
        jsonResponse(
          {
            statusCode: 409,
            message: "Tweet already validated or doesn't contain referral link",
            error: 'Validation Failed',
          },
          409,
        ),
    });
    renderCredits();
    const validate = await screen.findByRole('button', { name: 'VALIDATE_TWEET_FOR_CREDITS' });
    await userEvent.click(validate);
    expect(await screen.findByText('Invalid Tweet URL')).toBeTruthy();
    expect(screen.getByText('Please paste a valid Twitter/X URL')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Post URL'), 'https://example.com/post/1');
    await userEvent.click(validate);
    expect(requests.some((r) => r.path === 'credits/validate-tweet')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Post URL'));
    await userEvent.type(screen.getByLabelText('Post URL'), 'https://x.com/kai/status/123');
    await userEvent.click(validate);
    expect(await screen.findByText('Validation Failed')).toBeTruthy();
    expect(screen.getByText("Tweet already validated or doesn't contain referral link")).toBeTruthy();
    expect(requests.find((r) => r.path === 'credits/validate-tweet')!.body).toEqual({
      userId: USER.id,
      tweetUrl: 'https://x.com/kai/status/123',
      referralLink: USER.referralLink,
    });
  });

  it('tells a member with no X account linked why VALIDATE_TWEET_FOR_CREDITS is off, with a link to the profile', async () => {
    const unlinked = makeUser({ ...USER, xLinked: false, twitterHandle: null });
    const { requests } = serve({ user: unlinked });
    renderCredits(unlinked);
    const validate = await screen.findByRole('button', { name: 'VALIDATE_TWEET_FOR_CREDITS' });
    expect((validate as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Post URL') as HTMLInputElement).disabled).toBe(true);
    const reason = document.getElementById(validate.getAttribute('aria-describedby')!)!;
    expect(reason.textContent).toMatch(
      /^Posts earn credits only from your own X account: link your X account on your profile/,
    );
    expect(screen.getByRole('link', { name: 'link your X account on your profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    await userEvent.click(validate);
    expect(requests.some((r) => r.path === 'credits/validate-tweet')).toBe(false);
  });

  it('prefills the X compose page with the referral link, and copies the link with a toast', async () => {
    serve();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCredits();
    const tweet = await screen.findByRole('link', { name: 'TWEET_AND_EARN' });
    const href = new URL(tweet.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://x.com/intent/tweet');
    expect(href.searchParams.get('text')).toContain(USER.referralLink);
    expect(tweet.getAttribute('target')).toBe('_blank');
    await userEvent.click(screen.getByRole('button', { name: 'COPY_REFERRAL_LINK' }));
    expect(writeText).toHaveBeenCalledWith(USER.referralLink);
    expect(await screen.findByText('Link Copied!')).toBeTruthy();
  });

  it('pages through the ledger ten rows at a time', async () => {
    const all = Array.from({ length: 13 }, (_, i) => row(13 - i, 10, (13 - i) * 10));
    serve({
      transactions: (url) => {
        const before = Number(url.searchParams.get('before') ?? Infinity);
        return all.filter((r) => r.seq < before).slice(0, 10);
      },
    });
    renderCredits();
    const ledger = await screen.findByRole('region', { name: 'TRANSACTION_LEDGER' });
    expect(await within(ledger).findByText('Entry 13')).toBeTruthy();
    expect(within(ledger).getAllByRole('row')).toHaveLength(11);
    expect(within(ledger).getByRole('img', { name: 'Balance over time' })).toBeTruthy();
    await userEvent.click(within(ledger).getByRole('button', { name: 'LOAD_OLDER' }));
    expect(await within(ledger).findByText('Entry 1')).toBeTruthy();
    expect(within(ledger).getAllByRole('row')).toHaveLength(14);
    expect(within(ledger).queryByRole('button', { name: 'LOAD_OLDER' })).toBeNull();
  });

  it('validates the add-goal form before staking, and explains the pool behind INFO', async () => {
    const { requests } = serve();
    renderCredits();
    await userEvent.click(await screen.findByRole('button', { name: '+ ADD_GOAL' }));
    const dialog = screen.getByRole('dialog', { name: 'ADD_GOAL' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'STAKE_AND_SET_GOAL' }));
    expect(within(dialog).getByText('Give the goal a title')).toBeTruthy();
    expect(within(dialog).getByText('Enter a target above 0')).toBeTruthy();
    expect(within(dialog).getByText(/^Pick a deadline on or after \d{4}-\d{2}-\d{2}$/)).toBeTruthy();
    expect(within(dialog).getByText('Stake at least 1 whole credit')).toBeTruthy();
    expect(requests.some((r) => r.path === 'goals')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'INFO' }));
    expect(
      within(screen.getByRole('dialog', { name: 'COMMUNITY_POOL_RULES' })).getByText(
        'The pool opened with 12,450 credits.',
      ),
    ).toBeTruthy();
  });

  it("shows each metric's minimums beside its fields and refuses, before any request, what the server would", async () => {
    const { requests } = serve();
    renderCredits();
    await userEvent.click(await screen.findByRole('button', { name: '+ ADD_GOAL' }));
    const dialog = within(screen.getByRole('dialog', { name: 'ADD_GOAL' }));
    const target = dialog.getByLabelText('TARGET');
    expect(target.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(target.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /^At least 3 days with a session that counts/,
    );
    expect(dialog.getByText('Up to 50 credits per workout')).toBeTruthy();
    expect(dialog.getByText('At least 7 days from today, and a day for each workout')).toBeTruthy();

    await userEvent.type(dialog.getByLabelText('TITLE'), 'Two sessions');
    await userEvent.type(target, '2');
    await userEvent.type(dialog.getByLabelText('DEADLINE'), '2099-01-31');
    await userEvent.type(dialog.getByLabelText(/^STAKE/), '90');
    await userEvent.click(dialog.getByRole('button', { name: 'STAKE_AND_SET_GOAL' }));
    expect(dialog.getByText('Ask for at least 3')).toBeTruthy();
    await userEvent.clear(target);
    await userEvent.type(target, '3');
    await userEvent.clear(dialog.getByLabelText(/^STAKE/));
    await userEvent.type(dialog.getByLabelText(/^STAKE/), '151');
    expect(dialog.getByText('At most 150 credits for this target')).toBeTruthy();
    await userEvent.selectOptions(dialog.getByLabelText('METRIC'), 'weight');
    expect(dialog.getByText(/^At least 0.5 kg below the weight of your last analysed body-scan report/)).toBeTruthy();
    expect(requests.some((r) => r.path === 'goals')).toBe(false);
  });

  it('shows and sets weight goals in the user’s units, reading a decimal comma', async () => {
    const imperial = makeUser({ ...USER, units: 'imperial' });
    const weightGoal: GoalView = {
      ...GOAL,
      id: 'g3',
      title: 'Lighter',
      metric: 'weight',
      currentValue: 80,
      targetValue: 78.9,
    };
    const { requests } = serve({ user: imperial, goals: () => [weightGoal] });
    renderCredits(imperial);
    expect(await panel('PREDICTION_GOALS').findByText('176.4 / 173.9 LB')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '+ ADD_GOAL' }));
    const dialog = within(screen.getByRole('dialog', { name: 'ADD_GOAL' }));
    await userEvent.type(dialog.getByLabelText('TITLE'), 'Lighter still');
    await userEvent.selectOptions(dialog.getByLabelText('METRIC'), 'weight');
    expect(dialog.getByRole('option', { name: 'Weight (lb from a report, reach or go below)' })).toBeTruthy();
    expect(dialog.getByText('Up to 45 credits per lb to lose')).toBeTruthy();
    expect(dialog.getByText(/ask no more than 2.2 lb per week\.$/)).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('TARGET (LB)'), '173,5');
    await userEvent.type(dialog.getByLabelText('DEADLINE'), '2099-01-31');
    await userEvent.type(dialog.getByLabelText(/^STAKE/), '60');
    await userEvent.click(dialog.getByRole('button', { name: 'STAKE_AND_SET_GOAL' }));
    expect(await screen.findByText('Goal Set!')).toBeTruthy();
    expect(requests.find((r) => r.path === 'goals')!.body).toMatchObject({
      metric: 'weight',
      targetValue: 78.7,
      creditsStaked: 60,
    });
  });

  /** Opens ADD_GOAL and fills in a valid 7-day streak goal staking 40; answers the dialog. */
  async function fillStreakGoal() {
    await userEvent.click(await screen.findByRole('button', { name: '+ ADD_GOAL' }));
    const dialog = within(screen.getByRole('dialog', { name: 'ADD_GOAL' }));
    await userEvent.type(dialog.getByLabelText('TITLE'), 'Streak week');
    await userEvent.selectOptions(dialog.getByLabelText('METRIC'), 'streak');
    await userEvent.type(dialog.getByLabelText('TARGET'), '7');
    await userEvent.type(dialog.getByLabelText('DEADLINE'), '2099-01-31');
    await userEvent.type(dialog.getByLabelText(/^STAKE/), '40');
    return dialog;
  }

  it('stakes a valid goal from the dialog, closes it and toasts', async () => {
    const { requests } = serve();
    renderCredits();
    const dialog = await fillStreakGoal();
    await userEvent.click(dialog.getByRole('button', { name: 'STAKE_AND_SET_GOAL' }));

    expect(await screen.findByText('Goal Set!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.find((r) => r.path === 'goals')!.body).toEqual({
      userId: USER.id,
      title: 'Streak week',
      metric: 'streak',
      targetValue: 7,
      deadline: '2099-01-31',
      creditsStaked: 40,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('sends the same form again with the same request id (one goal), and an edited one with a new id', async () => {
    const answers = [jsonResponse({}, 503), jsonResponse({}, 503)];
    const { requests } = serve({ goal: () => answers.shift() ?? jsonResponse({ ...GOAL, id: 'g2' }, 201) });
    renderCredits();
    const dialog = await fillStreakGoal();
    const submit = () => userEvent.click(dialog.getByRole('button', { name: 'STAKE_AND_SET_GOAL' }));
    await submit();
    await dialog.findByRole('alert');
    await submit();
    await vi.waitFor(() => expect(requests.filter((r) => r.path === 'goals')).toHaveLength(2));
    await userEvent.type(dialog.getByLabelText('TITLE'), '!');
    await submit();
    expect(await screen.findByText('Goal Set!')).toBeTruthy();
    const ids = requests.filter((r) => r.path === 'goals').map((r) => (r.body as { requestId: string }).requestId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[1]);
  }, 20_000);
});
