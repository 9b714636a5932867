import type { ImportResult, SessionView } from '../src/contract';
import { parseCsv } from '../src/imports/csv.rules';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';

// An older Strong export: lb and kg mixed, a warm-up, a row without weight, an unknown exercise, odd rows.
const STRONG = [
  'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes',
  '2026-10-05 18:02:33;"Push Day";"Bench Press (Barbell)";W;20;kg;10;;;;0;"";""',
  '2026-10-05 18:02:33;"Push Day";"Bench Press (Barbell)";1;135;lbs;8;8;;;0;"";""',
  '2026-10-05 18:02:33;"Push Day";"Bench Press (Barbell)";2;60;kg;8;8.5;;;0;;',
  '2026-10-05 18:02:33;"Push Day";"Push Up";1;;;15;;;;0;;',
  '2026-10-05 18:02:33;"Push Day";"Landmine Press";1;30;kg;10;;;;0;;',
  '2026-10-05 18:02:33;"Push Day";"Squat (Barbell)";1;-20;kg;5;;;;0;;',
  '2026-10-08 07:30:00;"Legs";"Deadlift (Barbell)";1;140;kg;5;;;;0;;',
  '2026-10-08 07:30:00;"Legs";"Deadlift (Barbell)";2;900;kg;1;;;;0;;',
].join('\n');

describe('Strong and Hevy import and export over HTTP (a BullMQ job with progress, real worker)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const importCsv = (me: SignedIn, csv: string, query: Record<string, string> = {}, jobKey?: string) => {
    const req = t.http.post('/api/log/import').query(query).set(me.auth).set('Content-Type', 'text/csv');
    return (jobKey ? req.set('X-Job-Key', jobKey) : req).send(csv);
  };
  const exported = async (me: SignedIn, layout: string) =>
    parseCsv((await t.http.get('/api/log/export').query({ layout }).set(me.auth).expect(200)).text);

  it('lists unmatched exercises first, imports once mapped, earns nothing, and a re-import adds nothing', async () => {
    const me = await signIn(t);
    const first = (await importCsv(me, STRONG, { units: 'kg' }, 'import-key-0001').expect(201)).body as ImportResult;
    expect(first).toEqual({
      status: 'needs_mapping',
      layout: 'strong',
      unmatched: [{ name: 'Landmine Press', sets: 1 }],
    });
    expect(await exported(me, 'strong')).toHaveLength(1);

    // Mapped by the catalogue's name, as a member types it.
    const mapping = JSON.stringify({ 'Landmine Press': 'Barbell Overhead Press' });
    const done = (await importCsv(me, STRONG, { units: 'kg', mapping }, 'import-key-0002').expect(201))
      .body as ImportResult;
    expect(done).toEqual({
      status: 'imported',
      layout: 'strong',
      imported: 6,
      alreadyImported: 0,
      workouts: 2,
      skippedRows: [
        { line: 7, reason: 'a value is negative' },
        { line: 9, reason: 'a load over 500 kg' },
      ],
      skippedExercises: [],
    });
    const job = await t.http.get(`/api/jobs/imports-${me.user.id}-import-key-0002`).set(me.auth).expect(200);
    expect(job.body).toMatchObject({ name: 'log.import', state: 'completed', progress: 100 });

    // Imported sessions earn no credits and are no sessions of the app.
    expect(await t.app.get(LedgerReadsService).balance(me.user.id, 'pending')).toBe(0);
    const user = (await t.http.get('/api/user').set(me.auth).expect(200)).body;
    expect(user).toMatchObject({ pendingCredits: 0, sweatCredits: 0, totalWorkouts: 0 });
    expect(
      (await t.http.get(`/api/workout/sessions/${me.user.id}`).set(me.auth).expect(200)).body as SessionView[],
    ).toEqual([]);

    const again = (await importCsv(me, STRONG, { units: 'kg', mapping }).expect(201)).body as ImportResult;
    expect(again).toMatchObject({ status: 'imported', imported: 0, alreadyImported: 6 });

    const strong = await exported(me, 'strong');
    expect(strong[0].slice(0, 5)).toEqual(['Date', 'Workout Name', 'Duration', 'Exercise Name', 'Set Order']);
    expect(strong).toHaveLength(7);
    const bench = strong.filter((row) => row[3] === 'Barbell Bench Press').map((row) => [row[4], row[5], row[6]]);
    expect(bench).toEqual([
      ['W', '20', '10'],
      ['1', '61.23', '8'],
      ['2', '60', '8'],
    ]);
    const hevy = await exported(me, 'hevy');
    expect(hevy[0]).toContain('weight_kg');
    expect(hevy).toHaveLength(7);
    // The export reads back as an import of the same sets.
    const text = (await t.http.get('/api/log/export').query({ layout: 'hevy' }).set(me.auth).expect(200)).text;
    const other = await signIn(t);
    expect((await importCsv(other, text).expect(201)).body as ImportResult).toMatchObject({
      status: 'imported',
      imported: 6,
    });
  });

  it('refuses what it cannot read with 4xx codes and stores nothing', async () => {
    const me = await signIn(t);
    const unknown = await importCsv(me, 'when,what\n2026-10-05,squats\n').expect(422);
    expect(unknown.body.code).toBe('IMPORT_UNKNOWN_LAYOUT');
    const empty = await importCsv(
      me,
      'Date,Workout Name,Exercise Name,Set Order,Weight,Reps\nnope,A,Squat,1,,\n',
    ).expect(422);
    expect(empty.body.code).toBe('IMPORT_NO_ROWS');
    const noBody = await t.http.post('/api/log/import').set(me.auth).send({ csv: 'x' }).expect(422);
    expect(noBody.body.code).toBe('IMPORT_NO_ROWS');
    await importCsv(me, STRONG, { mapping: '{not json' }).expect(400);
    await importCsv(me, STRONG, { units: 'stone' }).expect(400);
    const badId = await importCsv(me, STRONG, {
      mapping: JSON.stringify({ 'Landmine Press': 'no-such-exercise' }),
    }).expect(400);
    expect(badId.body.code).toBe('IMPORT_MAPPING_INVALID');
    const huge = await importCsv(me, `${STRONG}\n${'x'.repeat(2 * 1024 * 1024)}`).expect(413);
    expect(huge.body.code).toBe('BODY_TOO_LARGE');
    await t.http.get('/api/log/export').query({ layout: 'fitbod' }).set(me.auth).expect(400);
    await t.http.get('/api/log/export').expect(401);
    expect(await exported(me, 'strong')).toHaveLength(1);
  });
});
