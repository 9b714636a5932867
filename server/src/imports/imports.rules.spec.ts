import { CATALOGUE, catalogueExercise } from '../workouts/catalogue';
import { exerciseNameIndex } from '../workouts/catalogue/catalogue.rules';
import { csvLine, detectDelimiter, parseCsv } from './csv.rules';
import { matchImportedName } from './exercise-match.rules';
import { planImport } from './imports.rules';
import { detectLayout, parseExportDate, readExport, writeExport } from './layouts.rules';

const INDEX = exerciseNameIndex(CATALOGUE);
const match = (name: string) => matchImportedName(INDEX, name);

// An older Strong export: semicolons, a unit per row, lb and kg mixed, a warm-up, odd rows.
const STRONG_LEGACY = [
  'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes',
  '2024-05-01 18:02:33;"Push Day";"Bench Press (Barbell)";W;20;kg;10;;;;0;"";""',
  '2024-05-01 18:02:33;"Push Day";"Bench Press (Barbell)";1;135;lbs;8;8;;;0;"felt ""strong""";""',
  '2024-05-01 18:02:33;"Push Day";"Bench Press (Barbell)";2;60;kg;8;8.5;;;0;;',
  '2024-05-01 18:02:33;"Push Day";"Push Up";1;;;15;;;;0;;',
  '2024-05-01 18:02:33;"Push Day";"Zercher Carry";1;40;kg;;;;;0;;',
  '2024-05-01 18:02:33;"Push Day";"Squat (Barbell)";1;-20;kg;5;;;;0;;',
  'yesterday;"Push Day";"Squat (Barbell)";1;100;kg;5;;;;0;;',
  '2024-05-01 18:02:33;"Push Day";"Deadlift (Barbell)";1;900;kg;1;;;;0;;',
  '',
].join('\n');

// A Hevy export in pounds, with an unknown exercise and a run.
const HEVY_LB = [
  '"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_lbs","reps","distance_miles","duration_seconds","rpe"',
  '"Legs","26 Jul 2025, 07:06","26 Jul 2025, 08:11","","Lying Leg Curl (Machine)",,"",0,"warmup",50,10,,,',
  '"Legs","26 Jul 2025, 07:06","26 Jul 2025, 08:11","","Lying Leg Curl (Machine)",,"",1,"normal",100,10,,,9',
  '"Legs","26 Jul 2025, 07:06","26 Jul 2025, 08:11","","Goblet Squat",,"",0,"normal",,12,,,',
  '"Legs","26 Jul 2025, 07:06","26 Jul 2025, 08:11","","Treadmill",,"",0,"normal",,,2,1200,',
].join('\r\n');

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, CRLF and blank lines; detects the delimiter', () => {
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('a,b\n')).toBe(',');
    expect(parseCsv('\uFEFFa,"b ""x"", y",c\r\n\r\n1,,"line\nbreak"\n')).toEqual([
      ['a', 'b "x", y', 'c'],
      ['1', '', 'line\nbreak'],
    ]);
    expect(csvLine(['a', 'b,c', 'say "hi"', null, 2])).toBe('a,"b,c","say ""hi""",,2');
  });
});

describe('exercise names matched to the catalogue', () => {
  it('matches names and qualified names by equipment, never a different piece of kit', () => {
    expect(match('Bench Press (Barbell)')?.id).toBe('barbell-bench-press');
    expect(match('Deadlift (Barbell)')?.id).toBe('barbell-deadlift');
    expect(match('Goblet Squat')?.id).toBe('goblet-squat');
    expect(match('Push Up')?.id).toBe('push-up');
    expect(match('Lat Pulldown (Cable)')?.id).toBe('lat-pulldown');
    expect(match('Squat (Bodyweight)')?.id).toBe('bodyweight-squat');
    // "Squat (Barbell)" must not become the bodyweight squat that the bare word names.
    expect(match('Squat (Barbell)')?.equipment ?? ['barbell_rack']).toContain('barbell_rack');
    expect(match('Zercher Carry')).toBeUndefined();
  });
});

describe('Strong and Hevy layouts', () => {
  it('reads dates as both apps write them', () => {
    expect(parseExportDate('2024-05-01 18:02:33')?.toISOString()).toBe('2024-05-01T18:02:33.000Z');
    expect(parseExportDate('2024-05-01 6:02:33 PM')?.toISOString()).toBe('2024-05-01T18:02:33.000Z');
    expect(parseExportDate('26 Jul 2025, 07:06')?.toISOString()).toBe('2025-07-26T07:06:00.000Z');
    expect(parseExportDate('2024-02-30 10:00')).toBeNull();
    expect(parseExportDate('yesterday')).toBeNull();
  });

  it('an older Strong export: lb and kg mixed made metric, a warm-up apart, a missing weight is bodyweight, odd rows skipped with why', () => {
    const rows = parseCsv(STRONG_LEGACY);
    expect(detectLayout(rows[0])).toBe('strong');
    const { sets, skipped } = readExport('strong', rows, 'kg');
    expect(sets.map((s) => [s.exerciseName, s.warmup, s.reps, s.loadKg, s.rpe])).toEqual([
      ['Bench Press (Barbell)', true, 10, 20, undefined],
      ['Bench Press (Barbell)', false, 8, 61.23, 8],
      ['Bench Press (Barbell)', false, 8, 60, 8.5],
      ['Push Up', false, 15, undefined, undefined],
    ]);
    expect(skipped).toEqual([
      { line: 6, reason: 'no reps, time or distance' },
      { line: 7, reason: 'a value is negative' },
      { line: 8, reason: 'the date cannot be read' },
      { line: 9, reason: 'a load over 500 kg' },
    ]);
  });

  it('a Hevy export in pounds: warm-ups, RPE, a run in miles', () => {
    const rows = parseCsv(HEVY_LB);
    expect(detectLayout(rows[0])).toBe('hevy');
    const { sets, skipped } = readExport('hevy', rows, 'kg');
    expect(skipped).toEqual([]);
    expect(sets[0]).toMatchObject({ warmup: true, loadKg: 22.68, reps: 10, workoutName: 'Legs' });
    expect(sets[1]).toMatchObject({ warmup: false, loadKg: 45.36, rpe: 9, order: 1 });
    expect(sets[3]).toMatchObject({ meters: 3218.69, seconds: 1200 });
    expect(sets[3].reps).toBeUndefined();
  });

  it('a newer Strong export has no unit column: the member’s units hold', () => {
    const csv =
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n2024-05-01 18:02:33,A,45m,Goblet Squat,1,50,10,,,,,\n';
    expect(readExport('strong', parseCsv(csv), 'lb').sets[0].loadKg).toBe(22.68);
    expect(readExport('strong', parseCsv(csv), 'kg').sets[0].loadKg).toBe(50);
  });

  it('refuses a file of neither layout', () => {
    expect(detectLayout(['when', 'what', 'how much'])).toBeNull();
  });
});

describe('planning an import', () => {
  const strong = readExport('strong', parseCsv(STRONG_LEGACY), 'kg').sets;

  it('lists the unmatched names for the member to map, and stores nothing until they are', () => {
    const withUnknown = [...strong, { ...strong[0], exerciseName: 'Zercher Carry', line: 99 }];
    expect(planImport(withUnknown, match, {}, catalogueExercise)).toEqual({
      kind: 'needs_mapping',
      unmatched: [{ name: 'Zercher Carry', sets: 1 }],
    });
    const mapped = planImport(withUnknown, match, { 'Zercher Carry': 'farmers-carry' }, catalogueExercise);
    expect(mapped.kind === 'ready' && mapped.sets.find((s) => s.catalogueId === 'farmers-carry')).toBeTruthy();
    const skipped = planImport(withUnknown, match, { 'Zercher Carry': 'skip' }, catalogueExercise);
    expect(skipped).toMatchObject({ kind: 'ready', skippedExercises: ['Zercher Carry'] });
  });

  it('groups sets into workouts with keys and times from the file alone, so a re-import adds nothing', () => {
    const first = planImport(strong, match, {}, catalogueExercise);
    const again = planImport(strong, match, {}, catalogueExercise);
    if (first.kind !== 'ready' || again.kind !== 'ready') throw new Error('expected a ready plan');
    expect(first.workouts).toBe(1);
    expect(first.sets.map((s) => s.key)).toEqual(again.sets.map((s) => s.key));
    expect(new Set(first.sets.map((s) => s.key)).size).toBe(first.sets.length);
    expect(first.sets.map((s) => [s.catalogueId, s.exerciseId, s.kind])).toEqual([
      ['barbell-bench-press', 'ex1', 'reps'],
      ['barbell-bench-press', 'ex1', 'reps'],
      ['barbell-bench-press', 'ex1', 'reps'],
      ['push-up', 'ex2', 'reps'],
    ]);
    expect(first.sets[3].performedAt.toISOString()).toBe('2024-05-01T18:05:33.000Z');
    // Epley on work sets with a load: 60 kg × 8 → 76 kg; none for the warm-up or bodyweight.
    expect(first.sets.map((s) => s.e1rmKg)).toEqual([undefined, 77.56, 76, undefined]);
  });
});

describe('export in the same layouts', () => {
  const logged = [
    {
      sessionId: 's1',
      exerciseName: 'Barbell Bench Press',
      order: 0,
      warmup: true,
      reps: 10,
      loadKg: 20,
      performedAt: new Date('2026-11-23T18:00:00Z'),
    },
    {
      sessionId: 's1',
      exerciseName: 'Barbell Bench Press',
      order: 0,
      warmup: false,
      reps: 8,
      loadKg: 60,
      rpe: 8,
      performedAt: new Date('2026-11-23T18:03:00Z'),
    },
    {
      sessionId: 's1',
      exerciseName: 'Easy Jog',
      order: 0,
      warmup: false,
      seconds: 1200,
      meters: 3000,
      performedAt: new Date('2026-11-23T18:40:00Z'),
    },
  ];

  it.each(['strong', 'hevy'] as const)('%s: reads back as the same sets', (layout) => {
    const text = writeExport(layout, logged, 'Sweat Credits session');
    const rows = parseCsv(text);
    expect(detectLayout(rows[0])).toBe(layout);
    const { sets, skipped } = readExport(layout, rows, 'kg');
    expect(skipped).toEqual([]);
    expect(sets.map((s) => [s.exerciseName, s.warmup, s.reps, s.loadKg, s.seconds, s.meters, s.rpe])).toEqual([
      ['Barbell Bench Press', true, 10, 20, undefined, undefined, undefined],
      ['Barbell Bench Press', false, 8, 60, undefined, undefined, 8],
      ['Easy Jog', false, undefined, undefined, 1200, 3000, undefined],
    ]);
  });
});
