import { signIn, startTestApp, TestApp } from './harness';
import { pdfWithLines, uploadReport } from './support/uploads';

const PROFILE = {
  age: 41,
  height: 178,
  weight: 84.25,
  goal: 'lose_fat',
  equipment: ['kettlebell', 'dumbbells'],
  limitations: ['lower_back', 'knee'],
  units: 'imperial',
  timeZone: 'America/Chicago',
};

/** PROFILE as stored: lists in the vocabulary's order. */
const STORED = { ...PROFILE, equipment: ['dumbbells', 'kettlebell'], limitations: ['knee', 'lower_back'] };

const DEFAULTS = {
  age: null,
  height: null,
  weight: null,
  goal: null,
  equipment: [],
  limitations: [],
  units: 'metric',
  timeZone: 'UTC',
};
/** The health screening's answers before any are given (docs/product.md, Health screening). */
const NO_ANSWERS = {
  pregnancy: null,
  pregnancyWeeks: null,
  weeksSinceBirth: null,
  usedToHighImpact: false,
  conditions: [],
};

describe('GET/PUT /api/profile', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers the defaults until the profile is saved, and only to a signed-in caller', async () => {
    const me = await signIn(t);
    const res = await t.http.get('/api/profile').set(me.auth).expect(200);
    expect(res.body).toEqual({ ...DEFAULTS, savedAt: null, health: NO_ANSWERS });
    await t.http.get('/api/profile').expect(401);
    await t.http.put('/api/profile').send(PROFILE).expect(401);
  });

  it('saves the whole profile, answers it, and shows it in GET /api/user and GET /api/profile', async () => {
    const me = await signIn(t);
    const saved = await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({ ...PROFILE, userId: me.user.id })
      .expect(200);
    expect(saved.body).toEqual({ ...STORED, savedAt: expect.any(String), health: NO_ANSWERS });
    expect(Date.now() - Date.parse(saved.body.savedAt)).toBeLessThan(60_000);
    expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body).toEqual(saved.body);
    expect((await t.http.get('/api/user').set(me.auth).expect(200)).body).toMatchObject(STORED);

    // Clearing is a save too: nulls and empty lists.
    const cleared = await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({ ...DEFAULTS, units: 'metric', timeZone: 'Asia/Tokyo' })
      .expect(200);
    expect(cleared.body).toEqual({
      ...DEFAULTS,
      timeZone: 'Asia/Tokyo',
      savedAt: expect.any(String),
      health: NO_ANSWERS,
    });
  });

  it('reads height as an integer and keeps weight to 0.01 kg (a weight typed in pounds reads back as typed)', async () => {
    const me = await signIn(t);
    const res = await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({ ...PROFILE, height: 177.8, weight: 165 * 0.45359237 })
      .expect(200);
    expect(res.body).toMatchObject({ height: 177, weight: 74.84 });
  });

  describe('refusals: a coded 400 naming the field, and nothing changes', () => {
    it.each([
      ['age', { age: 12 }, 'PROFILE_INVALID_AGE', 'Age must be a whole number between 13-100 years.'],
      ['age', { age: 101 }, 'PROFILE_INVALID_AGE', 'Age must be a whole number between 13-100 years.'],
      ['height', { height: 99 }, 'PROFILE_INVALID_HEIGHT', 'Height must be between 100-250 cm.'],
      ['height', { height: 251 }, 'PROFILE_INVALID_HEIGHT', 'Height must be between 100-250 cm.'],
      ['weight', { weight: 29.9 }, 'PROFILE_INVALID_WEIGHT', 'Weight must be between 30-300 kg.'],
      ['weight', { weight: 300.5 }, 'PROFILE_INVALID_WEIGHT', 'Weight must be between 30-300 kg.'],
      ['goal', { goal: 'get_huge' }, 'PROFILE_INVALID_GOAL', 'Unknown goal "get_huge"'],
      [
        'equipment',
        { equipment: ['dumbbells', 'rowing_boat'] },
        'PROFILE_INVALID_EQUIPMENT',
        'Unknown equipment "rowing_boat"',
      ],
      [
        'equipment',
        { equipment: ['bands', 'bands'] },
        'PROFILE_INVALID_EQUIPMENT',
        '"bands" is listed twice in equipment.',
      ],
      ['limitations', { limitations: ['toe'] }, 'PROFILE_INVALID_LIMITATIONS', 'Unknown limitation "toe"'],
      [
        'limitations',
        { limitations: ['knee', 'knee'] },
        'PROFILE_INVALID_LIMITATIONS',
        '"knee" is listed twice in limitations.',
      ],
      ['units', { units: 'furlongs' }, 'PROFILE_INVALID_UNITS', 'Unknown unit system "furlongs"'],
      [
        'timeZone',
        { timeZone: 'Mars/Olympus_Mons' },
        'PROFILE_INVALID_TIME_ZONE',
        'Unknown time zone "Mars/Olympus_Mons"',
      ],
    ])('%s: %p', async (_field, change, code, message) => {
      const me = await signIn(t);
      const before = (await t.http.put('/api/profile').set(me.auth).send(PROFILE).expect(200)).body;
      const res = await t.http
        .put('/api/profile')
        .set(me.auth)
        .send({ ...PROFILE, age: 30, units: 'metric', ...change })
        .expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code,
        message: expect.stringContaining(message),
        error: expect.stringMatching(/^Invalid /),
      });
      expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body).toEqual(before);
    });

    it.each([
      ['a missing field', { ...PROFILE, timeZone: undefined }],
      ['an unknown field', { ...PROFILE, sweatCredits: 1_000_000 }],
      ['a field of the wrong type', { ...PROFILE, age: '41' }],
      ['an operator object for a number', { ...PROFILE, weight: { $gt: 0 } }],
      ['an operator object for a word', { ...PROFILE, goal: { $ne: null } }],
      ['an operator object in a list', { ...PROFILE, equipment: [{ $in: ['dumbbells'] }] }],
      ['an operator object for the time zone', { ...PROFILE, timeZone: { $regex: '.*' } }],
      ['a $set smuggled as the body', { $set: { sweatCredits: 1_000_000 } }],
      ['an overlong list', { ...PROFILE, equipment: Array(33).fill('bands') }],
    ])('%s is a 400 VALIDATION_FAILED that changes nothing', async (_case, body) => {
      const me = await signIn(t);
      const before = (await t.http.put('/api/profile').set(me.auth).send(PROFILE).expect(200)).body;
      const res = await t.http.put('/api/profile').set(me.auth).send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body).toEqual(before);
      expect((await t.http.get('/api/user').set(me.auth).expect(200)).body.sweatCredits).toBe(0);
    });
  });

  it('saves only the caller’s profile: another user’s id is a 403 and leaves both profiles as they were', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    const theirs = (
      await t.http
        .put('/api/profile')
        .set(other.auth)
        .send({ ...PROFILE, age: 60 })
        .expect(200)
    ).body;
    const res = await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({ ...PROFILE, age: 20, userId: other.user.id })
      .expect(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await t.http.get('/api/profile').set(other.auth).expect(200)).body).toEqual(theirs);
    expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body).toEqual({
      ...DEFAULTS,
      savedAt: null,
      health: NO_ANSWERS,
    });

    // A path id is no way around it: the route has none.
    await t.http.put(`/api/profile/${other.user.id}`).set(me.auth).send(PROFILE).expect(404);
    expect((await t.http.get('/api/profile').set(other.auth).expect(200)).body).toEqual(theirs);
  });
});

describe('height and weight reach the profile from the BMI calculator and analysed reports', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the calculator writes both, keeping the rest of the profile', async () => {
    const me = await signIn(t);
    await t.http.put('/api/profile').set(me.auth).send(PROFILE).expect(200);
    await t.http.post('/api/bmi').set(me.auth).send({ height: '172', weight: '68.4' }).expect(200);
    expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body).toMatchObject({
      ...STORED,
      height: 172,
      weight: 68.4,
    });
  });

  it('a report that states height (in inches) and weight (in pounds) writes them in cm and kg', async () => {
    const me = await signIn(t);
    await t.http.put('/api/profile').set(me.auth).send(PROFILE).expect(200);
    const pdf = await pdfWithLines([
      'BODY SCAN',
      'Height: 70 in',
      'Weight: 180 lb',
      'Target Weight: 160 lb',
      'BMI: 25.8',
    ]);
    const fileUrl = await uploadReport(t, me, pdf, 'application/pdf');
    const res = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
    expect(res.body).toMatchObject({ bmiValue: 25.8, height: 177, weight: 81.6 });
    expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body).toMatchObject({
      height: 177,
      weight: 81.6,
      goal: 'lose_fat',
      units: 'imperial',
    });
    const records = (await t.http.get('/api/bmi').set(me.auth).expect(200)).body;
    expect(records[0]).toMatchObject({ source: 'report', height: 177, weight: 81.6 });
  });

  it('a report that states only its weight changes only the weight; one out of range changes nothing', async () => {
    const me = await signIn(t);
    await t.http.put('/api/profile').set(me.auth).send(PROFILE).expect(200);
    const weightOnly = await uploadReport(
      t,
      me,
      await pdfWithLines(['InBody Result Sheet', 'Weight 71.8 kg (55.8 ~ 75.4)', 'BMI 22.7']),
      'application/pdf',
    );
    await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl: weightOnly, reportType: 'bmi' }).expect(200);
    expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body).toMatchObject({
      height: PROFILE.height,
      weight: 71.8,
    });

    const child = await uploadReport(
      t,
      me,
      await pdfWithLines(['BMI TEST', 'Height: 95 cm', 'Weight: 25 kg', 'BMI: 27.7']),
      'application/pdf',
    );
    const res = await t.http
      .post('/api/bmi/analyze')
      .set(me.auth)
      .send({ fileUrl: child, reportType: 'bmi' })
      .expect(200);
    expect(res.body.height).toBeUndefined();
    expect(res.body.weight).toBeUndefined();
    expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body).toMatchObject({
      height: PROFILE.height,
      weight: 71.8,
    });
  });
});
