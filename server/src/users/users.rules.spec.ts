import { TIME_ZONE_NAMES } from '../contract';
import {
  dayIn,
  effectiveStreak,
  ianaTimeZone,
  instantsOfDayAnywhere,
  previousDay,
  profileRank,
  twitterUsername,
  walletUsername,
} from './users.rules';

describe('username derivation', () => {
  const address = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

  it('shortens a wallet to its first and last characters, longer on each collision', () => {
    expect(walletUsername(address)).toBe('7xKX_gAsU');
    expect(walletUsername(address, 1)).toBe('7xKXtg_osgAsU');
    expect(walletUsername(address, 2).length).toBeGreaterThan(walletUsername(address, 1).length);
  });

  it('never grows past the address', () => {
    expect(walletUsername(address, 50)).toBe(`${address.slice(0, 22)}_${address.slice(-22)}`);
  });

  it('uses the X handle, cleaned, with a suffix on collision', () => {
    expect(twitterUsername('fit_anna')).toBe('fit_anna');
    expect(twitterUsername('fit_anna', 1)).toBe('fit_anna_2');
    expect(twitterUsername('a b<c>')).toBe('abc');
    expect(twitterUsername('!!!')).toBe('athlete');
  });
});

describe('days and streaks', () => {
  it('reads the calendar day in a time zone', () => {
    const instant = new Date('2026-03-01T02:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-03-01');
    expect(dayIn(instant, 'America/New_York')).toBe('2026-02-28');
    expect(dayIn(instant, 'Asia/Tokyo')).toBe('2026-03-01');
  });

  it('bounds every instant that is a given day in some time zone, from UTC+14 to UTC−12', () => {
    const { from, to } = instantsOfDayAnywhere('2026-03-01');
    expect([from.toISOString(), to.toISOString()]).toEqual(['2026-02-28T10:00:00.000Z', '2026-03-02T12:00:00.000Z']);
    expect(dayIn(from, 'Pacific/Kiritimati')).toBe('2026-03-01');
    expect(dayIn(new Date(to.getTime() - 1), 'Etc/GMT+12')).toBe('2026-03-01');
    expect(dayIn(new Date(from.getTime() - 1), 'Pacific/Kiritimati')).toBe('2026-02-28');
    expect(dayIn(to, 'Etc/GMT+12')).toBe('2026-03-02');
  });

  it('knows the day before, across months and leap years', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });

  it('keeps a streak proven today or yesterday and zeroes it after a missed day', () => {
    expect(effectiveStreak(5, '2026-05-10', '2026-05-10')).toBe(5);
    expect(effectiveStreak(5, '2026-05-09', '2026-05-10')).toBe(5);
    expect(effectiveStreak(5, '2026-05-08', '2026-05-10')).toBe(0);
    expect(effectiveStreak(0, null, '2026-05-10')).toBe(0);
  });
});

describe('profile rank', () => {
  it('climbs at 25, 75, 200 and 500 points', () => {
    const rank = (totalWorkouts: number, longestStreak = 0, reportMonths = 0) =>
      profileRank({ totalWorkouts, longestStreak, reportMonths });
    expect(rank(0)).toBe('ROOKIE');
    expect(rank(24)).toBe('ROOKIE');
    expect(rank(25)).toBe('CONTENDER');
    expect(rank(74)).toBe('CONTENDER');
    expect(rank(5, 10, 5)).toBe('ATHLETE'); // 5 + 20 + 50
    expect(rank(200)).toBe('ELITE');
    expect(rank(499)).toBe('ELITE');
    expect(rank(500)).toBe('LEGEND');
  });
});

describe('time zone names (the list the OpenAPI document gives)', () => {
  it('are each accepted, as this runtime names the zone', () => {
    const refused = TIME_ZONE_NAMES.filter((name) => ianaTimeZone(name) === null);
    expect(refused).toEqual([]);
    expect(ianaTimeZone('Asia/Kolkata')).toBe(ianaTimeZone('Asia/Calcutta'));
  });

  it("hold every zone this runtime's Intl offers (what a browser reports), and nothing else is accepted", () => {
    expect(
      Intl.supportedValuesOf('timeZone').filter((name) => !(TIME_ZONE_NAMES as readonly string[]).includes(name)),
    ).toEqual([]);
    for (const other of ['europe/berlin', 'Europe/Berlin ', '+01:00', 'GMT+1', 'Factory', 'Mars/Olympus_Mons', ''])
      expect(ianaTimeZone(other)).toBeNull();
  });
});
