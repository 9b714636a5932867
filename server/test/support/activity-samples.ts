import { ActivitySpec, appleHealthZip, fitFile, gpxFile, tcxFile } from './activity-files';

/**
 * Labelled activity files for the evidence suite: genuine recordings in every format, kind and
 * length a person sends, and the fakes a person could make to earn without training. Each sample
 * is uploaded by its own member, in list order: the copies of a recording follow the original.
 */

export type ActivityFileFormat = 'fit' | 'tcx' | 'gpx' | 'apple_health';

export interface LabelledActivity {
  label: string;
  genuine: boolean;
  format: ActivityFileFormat;
  fileName: string;
  make(): Promise<Buffer>;
}

const FILE_NAMES: Record<ActivityFileFormat, string> = {
  fit: 'activity.fit',
  tcx: 'activity.tcx',
  gpx: 'activity.gpx',
  apple_health: 'export.zip',
};

function fileOf(format: ActivityFileFormat, spec: ActivitySpec): Promise<Buffer> {
  switch (format) {
    case 'fit':
      return fitFile(spec);
    case 'tcx':
      return Promise.resolve(tcxFile(spec));
    case 'gpx':
      return Promise.resolve(gpxFile(spec));
    case 'apple_health':
      return appleHealthZip({ ...spec, daySteps: 10_500 });
  }
}

/**
 * The samples, for a member whose day is `utcOffsetMinutes` from UTC and for whom it is early
 * afternoon: genuine recordings end before now and start today; `seedBase` keeps every run's
 * files (and so their hashes and claims) new.
 */
export function labelledActivities(now: Date, utcOffsetMinutes: number, seedBase: number): LabelledActivity[] {
  let seed = seedBase;
  const minute = 60_000;
  const recording = (overrides: Partial<ActivitySpec> = {}): ActivitySpec => {
    const next = ++seed;
    const minutes = overrides.minutes ?? 35;
    // Ends 5–20 minutes ago, on whole seconds as devices write them.
    const end = Math.floor(now.getTime() / 1000) * 1000 - (5 + (next % 16)) * minute;
    return {
      start: new Date(end - minutes * minute),
      minutes,
      seed: next,
      serial: 3_000_000_000 + next,
      utcOffsetMinutes,
      ...overrides,
    };
  };
  const samples: LabelledActivity[] = [];
  const add = (label: string, genuine: boolean, format: ActivityFileFormat, make: () => Promise<Buffer>) =>
    samples.push({ label, genuine, format, fileName: FILE_NAMES[format], make });

  const formats: ActivityFileFormat[] = ['fit', 'tcx', 'gpx', 'apple_health'];
  for (const format of formats) {
    for (const [kind, minutes, everySeconds] of [
      ['running', 35, 1],
      ['cycling', 95, 4],
      ['walking', 12, 5],
    ] as const) {
      const spec = recording({ kind, minutes, everySeconds });
      add(`${format} ${kind} ${minutes} min, a sample every ${everySeconds} s`, true, format, () =>
        fileOf(format, spec),
      );
    }
  }

  for (const format of formats) {
    const yesterday = recording();
    add(`${format}: yesterday's activity`, false, format, () =>
      fileOf(format, { ...yesterday, start: new Date(yesterday.start.getTime() - 24 * 60 * minute) }),
    );
    add(`${format}: 5 minutes`, false, format, () => fileOf(format, recording({ minutes: 5 })));
    add(`${format}: a flat heart rate`, false, format, () => fileOf(format, recording({ heartRate: 'flat' })));
    add(`${format}: no heart rate`, false, format, () => fileOf(format, recording({ heartRate: 'none' })));
    add(`${format}: an impossible heart rate`, false, format, () =>
      fileOf(format, recording({ heartRate: 'impossible' })),
    );
    add(`${format}: edited timestamps going backwards`, false, format, () =>
      fileOf(format, recording({ backwards: true })),
    );
  }

  // Copies: an original recording is proved first (genuine), then its copies are tried by others.
  const original = recording();
  let originalFit: Promise<Buffer> | null = null;
  const fitOriginal = () => (originalFit ??= fitFile(original));
  add('the original recording (fit)', true, 'fit', fitOriginal);
  add('the same FIT file again, by someone else', false, 'fit', fitOriginal);
  add('the same recording exported as TCX', false, 'tcx', () => fileOf('tcx', original));
  add('the same device and start, other samples', false, 'fit', () =>
    fileOf('fit', { ...original, seed: original.seed! + 100_000 }),
  );
  add('the same track as GPX from another app', false, 'gpx', () => fileOf('gpx', { ...original, serial: undefined }));
  const apple = recording();
  add('the original Apple Health export', true, 'apple_health', () => fileOf('apple_health', apple));
  add('the same workout in a later export (more steps since)', false, 'apple_health', () =>
    appleHealthZip({ ...apple, daySteps: 14_000 }),
  );
  return samples;
}
