import type { ProfileUpdateRequest } from '../contract';
import { readProfile } from './profile.rules';

const VALID: ProfileUpdateRequest = {
  age: 34,
  height: 180,
  weight: 81.5,
  goal: 'build_muscle',
  equipment: ['dumbbells', 'bands'],
  limitations: ['knee'],
  units: 'metric',
  timeZone: 'Europe/Berlin',
};

const refusal = (input: Partial<ProfileUpdateRequest>) => {
  const result = readProfile({ ...VALID, ...input });
  if (result.ok) throw new Error(`accepted ${JSON.stringify(input)}`);
  return result;
};

describe('readProfile', () => {
  it('accepts a complete profile as given', () => {
    expect(readProfile(VALID)).toEqual({ ok: true, profile: { ...VALID } });
  });

  it('accepts nulls (not told yet) and empty lists (bodyweight only, nothing to spare)', () => {
    const empty = { ...VALID, age: null, height: null, weight: null, goal: null, equipment: [], limitations: [] };
    expect(readProfile(empty)).toEqual({ ok: true, profile: empty });
  });

  it('checks age at 12/13 and 100/101, whole years only', () => {
    expect(refusal({ age: 12 })).toEqual({
      ok: false,
      code: 'PROFILE_INVALID_AGE',
      title: 'Invalid Age',
      message: 'Age must be a whole number between 13-100 years.',
    });
    expect(refusal({ age: 101 }).code).toBe('PROFILE_INVALID_AGE');
    expect(refusal({ age: 30.5 }).code).toBe('PROFILE_INVALID_AGE');
    expect(readProfile({ ...VALID, age: 13 }).ok).toBe(true);
    expect(readProfile({ ...VALID, age: 100 }).ok).toBe(true);
  });

  it('checks height like docs/product.md: read as an integer, 100-250 cm', () => {
    expect(refusal({ height: 99.9 })).toEqual({
      ok: false,
      code: 'PROFILE_INVALID_HEIGHT',
      title: 'Invalid Height',
      message: 'Height must be between 100-250 cm.',
    });
    expect(refusal({ height: 251 }).code).toBe('PROFILE_INVALID_HEIGHT');
    expect(refusal({ height: -180 }).code).toBe('PROFILE_INVALID_HEIGHT');
    expect(readProfile({ ...VALID, height: 177.8 })).toMatchObject({ ok: true, profile: { height: 177 } });
    expect(readProfile({ ...VALID, height: 250 }).ok).toBe(true);
  });

  it('checks weight like docs/product.md: a decimal, 30-300 kg, kept to 0.01 kg', () => {
    expect(refusal({ weight: 29.99 })).toEqual({
      ok: false,
      code: 'PROFILE_INVALID_WEIGHT',
      title: 'Invalid Weight',
      message: 'Weight must be between 30-300 kg.',
    });
    expect(refusal({ weight: 300.01 }).code).toBe('PROFILE_INVALID_WEIGHT');
    expect(readProfile({ ...VALID, weight: 74.842741 })).toMatchObject({ ok: true, profile: { weight: 74.84 } });
    expect(readProfile({ ...VALID, weight: 30 }).ok).toBe(true);
  });

  it('refuses words outside each vocabulary, naming the field and the choices', () => {
    expect(refusal({ goal: 'get_huge' })).toEqual({
      ok: false,
      code: 'PROFILE_INVALID_GOAL',
      title: 'Invalid Goal',
      message: 'Unknown goal "get_huge": choose from lose_fat, build_muscle, endurance, mobility, general_fitness.',
    });
    expect(refusal({ equipment: ['dumbbells', 'rowing_boat'] })).toMatchObject({
      code: 'PROFILE_INVALID_EQUIPMENT',
      message: expect.stringContaining('Unknown equipment "rowing_boat"'),
    });
    expect(refusal({ limitations: ['toe'] })).toMatchObject({
      code: 'PROFILE_INVALID_LIMITATIONS',
      message: expect.stringContaining('Unknown limitation "toe"'),
    });
    expect(refusal({ units: 'furlongs' })).toMatchObject({
      code: 'PROFILE_INVALID_UNITS',
      message: 'Unknown unit system "furlongs": choose from metric, imperial.',
    });
  });

  it('refuses a list that names one item twice', () => {
    expect(refusal({ equipment: ['bands', 'bands'] })).toMatchObject({
      code: 'PROFILE_INVALID_EQUIPMENT',
      message: '"bands" is listed twice in equipment.',
    });
    expect(refusal({ limitations: ['knee', 'hip', 'knee'] })).toMatchObject({
      code: 'PROFILE_INVALID_LIMITATIONS',
      message: '"knee" is listed twice in limitations.',
    });
  });

  it('stores lists in the vocabulary’s order, so the same choices read the same', () => {
    expect(
      readProfile({ ...VALID, equipment: ['pullup_bar', 'dumbbells'], limitations: ['wrist', 'knee'] }),
    ).toMatchObject({
      ok: true,
      profile: { equipment: ['dumbbells', 'pullup_bar'], limitations: ['knee', 'wrist'] },
    });
  });

  it('takes IANA time zone names as written, stores them as Intl names them, and refuses unknown ones, other spellings and offsets', () => {
    expect(readProfile({ ...VALID, timeZone: 'US/Eastern' })).toMatchObject({
      ok: true,
      profile: { timeZone: 'America/New_York' },
    });
    expect(refusal({ timeZone: 'america/new_york' }).code).toBe('PROFILE_INVALID_TIME_ZONE');
    expect(readProfile({ ...VALID, timeZone: 'UTC' })).toMatchObject({ ok: true, profile: { timeZone: 'UTC' } });
    expect(refusal({ timeZone: 'Mars/Olympus_Mons' })).toEqual({
      ok: false,
      code: 'PROFILE_INVALID_TIME_ZONE',
      title: 'Invalid Time Zone',
      message: 'Unknown time zone "Mars/Olympus_Mons": choose an IANA name such as Europe/Berlin.',
    });
    expect(refusal({ timeZone: '+01:00' }).code).toBe('PROFILE_INVALID_TIME_ZONE');
    expect(refusal({ timeZone: '' }).code).toBe('PROFILE_INVALID_TIME_ZONE');
  });

  it('answers the first invalid field, in the form’s order', () => {
    expect(refusal({ height: 20, goal: 'x', timeZone: 'Nowhere' }).code).toBe('PROFILE_INVALID_HEIGHT');
  });

  it('reads the health answers: a state from the list, weeks only beside their state and in range, conditions once each', () => {
    const health = {
      pregnancy: 'pregnant',
      pregnancyWeeks: 20,
      weeksSinceBirth: null,
      usedToHighImpact: true,
      conditions: ['high_blood_pressure', 'dizziness'],
    };
    expect(readProfile({ ...VALID, health })).toMatchObject({
      ok: true,
      health: { ...health, conditions: ['dizziness', 'high_blood_pressure'] },
    });
    expect(readProfile(VALID)).not.toHaveProperty('health');
    const answer = (over: object) => refusal({ health: { ...health, ...over } } as Partial<ProfileUpdateRequest>);
    expect(answer({ pregnancy: 'maybe' })).toMatchObject({
      code: 'PROFILE_INVALID_HEALTH',
      message: expect.stringContaining('Unknown pregnancy answer "maybe"'),
    });
    expect(answer({ pregnancyWeeks: 43 })).toMatchObject({
      code: 'PROFILE_INVALID_HEALTH',
      message: 'Weeks of pregnancy must be a whole number between 1-42.',
    });
    expect(answer({ pregnancyWeeks: 12.5 }).code).toBe('PROFILE_INVALID_HEALTH');
    expect(answer({ pregnancy: 'postpartum' })).toMatchObject({
      message: 'Weeks of pregnancy is only answered with its state.',
    });
    expect(answer({ pregnancy: 'postpartum', pregnancyWeeks: null, weeksSinceBirth: 27 }).message).toBe(
      'Weeks since the birth must be a whole number between 0-26.',
    );
    expect(answer({ conditions: ['chest_pain', 'chest_pain'] }).message).toBe(
      '"chest_pain" is listed twice in health conditions.',
    );
    expect(answer({ conditions: ['asthma'] }).message).toContain('Unknown health condition "asthma"');
    expect(
      readProfile({ ...VALID, health: { ...health, pregnancy: null, pregnancyWeeks: null, conditions: [] } }),
    ).toMatchObject({ ok: true, health: { pregnancy: null } });
  });
});
