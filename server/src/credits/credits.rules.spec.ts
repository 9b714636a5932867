import {
  earnActionState,
  earnKey,
  earnPeriod,
  findItem,
  goalBonus,
  MARKETPLACE,
  parseTweetId,
  tweetContainsLink,
  voucherCode,
} from './credits.rules';

describe('the marketplace catalogue', () => {
  it('holds the product’s four items at 250/150/400/300, all available', () => {
    expect(MARKETPLACE.map((i) => [i.title, i.cost])).toEqual([
      ['Protein Discount', 250],
      ['Gym Pass', 150],
      ['Supplement Bundle', 400],
      ['Nutrition Plan', 300],
    ]);
    expect(MARKETPLACE.every((i) => i.available)).toBe(true);
    expect(findItem('gym-pass')?.cost).toBe(150);
    expect(findItem('nope')).toBeUndefined();
  });
});

describe('parseTweetId', () => {
  it.each([
    ['https://twitter.com/kai/status/1234567890', '1234567890'],
    ['https://x.com/kai/status/1234567890?s=20&t=abc', '1234567890'],
    ['https://www.x.com/kai_2/status/42/photo/1', '42'],
    ['https://mobile.twitter.com/kai/statuses/77', '77'],
    ['http://X.COM/kai/status/9', '9'],
    ['https://x.com/i/web/status/555', '555'],
    ['  https://x.com/kai/status/8  ', '8'],
  ])('reads %s', (url, id) => expect(parseTweetId(url)).toBe(id));

  it.each([
    '',
    'x.com/kai/status/1',
    'https://evilx.com/kai/status/1',
    'https://x.com.evil.io/kai/status/1',
    'https://x.com/kai',
    'https://x.com/kai/status/abc',
    'https://x.com/kai/status/12345678901234567890',
    'javascript:alert(1)//x.com/kai/status/1',
    'ftp://x.com/kai/status/1',
    // What a URL parser would rewrite into another post's address, or read a host out of.
    'https://x.com/kai/status/1/../../i/status/2',
    'https:x.com/kai/status/1',
    'https://user@x.com/kai/status/1',
    'https://x.com:443/kai/status/1',
  ])('refuses %j', (url) => expect(parseTweetId(url)).toBeNull());
});

describe('tweetContainsLink', () => {
  const link = 'http://localhost:3999/ref/Kai_Lift';
  it('finds the link in the text, ignoring scheme, host case and trailing punctuation', () => {
    expect(tweetContainsLink({ text: `Train with me! ${link}`, expandedUrls: [] }, link)).toBe(true);
    expect(tweetContainsLink({ text: 'Join: https://LOCALHOST:3999/ref/Kai_Lift!', expandedUrls: [] }, link)).toBe(
      true,
    );
  });
  it('finds it among the expanded links of t.co short links', () => {
    expect(tweetContainsLink({ text: 'Join https://t.co/abc', expandedUrls: [`${link}/`] }, link)).toBe(true);
  });
  it('refuses another user’s link, a longer name, or a different case of the name', () => {
    expect(tweetContainsLink({ text: 'http://localhost:3999/ref/Kai_Lifter', expandedUrls: [] }, link)).toBe(false);
    expect(tweetContainsLink({ text: 'http://localhost:3999/ref/kai_lift', expandedUrls: [] }, link)).toBe(false);
    expect(tweetContainsLink({ text: 'no link here', expandedUrls: ['https://example.com'] }, link)).toBe(false);
  });
});

describe('voucherCode and goalBonus', () => {
  it('builds a readable code from the item and random bytes', () => {
    expect(voucherCode('gym-pass', new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('GYM-ABCD-EFGH');
    expect(voucherCode('protein-discount', new Uint8Array(8).fill(31))).toMatch(/^PROT-9999-9999$/);
  });
  it('pays half the stake, rounded down', () => {
    expect(goalBonus(100)).toBe(50);
    expect(goalBonus(5)).toBe(2);
    expect(goalBonus(1)).toBe(0);
  });
});

describe('earnPeriod', () => {
  it('gives daily actions their day and the streak its ISO week', () => {
    expect(earnPeriod('workout', '2026-11-23')).toEqual({ key: '2026-11-23', label: 'today' });
    // Monday to Sunday of one ISO week share a key; the next Monday starts a new one.
    expect(earnPeriod('streak', '2026-11-23').key).toBe('2026-W48');
    expect(earnPeriod('streak', '2026-11-29').key).toBe('2026-W48');
    expect(earnPeriod('streak', '2026-11-30').key).toBe('2026-W49');
    // ISO years: 1 Jan 2027 (a Friday) still belongs to 2026's last week.
    expect(earnPeriod('streak', '2027-01-01').key).toBe('2026-W53');
    expect(earnPeriod('streak', '2026-01-01').key).toBe('2026-W01');
  });
});

describe('earnActionState', () => {
  const monday = '2026-11-23';
  it('counts the streak in days toward the Weekly Streak, READY at 7 and beyond', () => {
    expect(earnActionState('streak', monday, 3, false)).toEqual({
      action: 'streak',
      credits: 50,
      claimable: false,
      alreadyClaimed: false,
      progress: { current: 3, target: 7, unit: 'days' },
      missing: '3/7 days to Weekly Streak',
      pending: false,
    });
    expect(earnActionState('streak', monday, 7, false)).toMatchObject({
      claimable: true,
      missing: null,
      progress: { current: 7, target: 7 },
    });
    expect(earnActionState('streak', monday, 12, false)).toMatchObject({
      claimable: true,
      progress: { current: 7, target: 7 },
    });
  });

  it('says what a one-step action still needs, and has no progress bar', () => {
    // Complete Workout pays into pending credits, validated with the day's proofs.
    expect(earnActionState('workout', monday, 0, false)).toMatchObject({
      credits: 10,
      claimable: false,
      progress: null,
      missing: 'Complete at least half of a workout today',
      pending: true,
    });
    expect(earnActionState('weight', monday, 0, false).missing).toBe('Log your weight today (BMI calculator)');
  });

  it('counts 10K Steps in the steps read from imported activity files', () => {
    expect(earnActionState('steps', monday, 0, false)).toMatchObject({
      progress: { current: 0, target: 10_000, unit: 'steps' },
      missing: "0/10,000 steps in today's imported activity files",
    });
    expect(earnActionState('steps', monday, 9_999, false)).toMatchObject({
      claimable: false,
      missing: "9,999/10,000 steps in today's imported activity files",
    });
    expect(earnActionState('steps', monday, 12_400, false)).toMatchObject({
      credits: 15,
      claimable: true,
      missing: null,
      progress: { current: 10_000, target: 10_000 },
    });
  });

  it('is not claimable once claimed in its period, whatever was done since', () => {
    expect(earnActionState('workout', monday, 1, true)).toMatchObject({
      claimable: false,
      alreadyClaimed: true,
      missing: 'Already claimed today',
    });
    expect(earnActionState('streak', monday, 9, true)).toMatchObject({
      claimable: false,
      missing: 'Already claimed this week',
    });
  });

  it('keys a claim by its period: one workout a day, one streak a week', () => {
    expect(earnKey('u1', 'workout', monday)).toBe('earn:workout:u1:2026-11-23');
    expect(earnKey('u1', 'streak', '2026-11-29')).toBe(earnKey('u1', 'streak', monday));
  });
});
