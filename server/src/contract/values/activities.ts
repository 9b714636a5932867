import { type ActivityFileMime, MEGABYTE } from './uploads';

/**
 * Exported activity files the activity slot takes besides a screenshot, and the rules an imported
 * activity must pass. Shared: the server enforces them, the proof dialog announces them.
 */

export interface ActivityFormatSpec {
  /** How the dialog and messages name the format. */
  label: string;
  /** File name endings, lower case, with the dot. */
  extensions: readonly string[];
  /** The type the server stores it as, decided from the file's first bytes. */
  mime: ActivityFileMime;
  maxBytes: number;
  /** Content types a browser or a phone may declare for this format ('' and octet-stream say nothing). */
  declaredTypes: readonly string[];
}

/**
 * The formats. Sizes: a 24-hour FIT recording at one sample a second is about 10 MB, the XML
 * formats about three times that; an Apple Health export holds years of data (hundreds of MB zipped).
 */
export const ACTIVITY_FORMATS = {
  fit: {
    label: 'FIT',
    extensions: ['.fit'],
    mime: 'application/vnd.ant.fit',
    maxBytes: 16 * MEGABYTE,
    // Some systems map .fit to the astronomers' FITS images: the first bytes decide.
    declaredTypes: ['application/vnd.ant.fit', 'application/fit', 'application/x-fit', 'image/fits'],
  },
  tcx: {
    label: 'TCX',
    extensions: ['.tcx'],
    mime: 'application/vnd.garmin.tcx+xml',
    maxBytes: 48 * MEGABYTE,
    declaredTypes: ['application/vnd.garmin.tcx+xml', 'application/tcx+xml', 'application/xml', 'text/xml'],
  },
  gpx: {
    label: 'GPX',
    extensions: ['.gpx'],
    mime: 'application/gpx+xml',
    maxBytes: 48 * MEGABYTE,
    declaredTypes: ['application/gpx+xml', 'application/gpx', 'application/xml', 'text/xml'],
  },
  apple_health: {
    label: 'Apple Health export',
    extensions: ['.zip'],
    mime: 'application/zip',
    maxBytes: 512 * MEGABYTE,
    declaredTypes: ['application/zip', 'application/x-zip-compressed', 'application/x-zip'],
  },
} as const satisfies Record<string, ActivityFormatSpec>;
export type ActivityFormat = keyof typeof ACTIVITY_FORMATS;
export const ACTIVITY_FORMAT_NAMES = Object.keys(ACTIVITY_FORMATS) as ActivityFormat[];

/** Every extension the activity slot's picker offers for files (beside images). */
export const ACTIVITY_FILE_EXTENSIONS = ACTIVITY_FORMAT_NAMES.flatMap((format) => ACTIVITY_FORMATS[format].extensions);

/** Declared types that say nothing about a file: browsers send these for extensions they do not know. */
const UNINFORMATIVE_TYPES = ['', 'application/octet-stream', 'binary/octet-stream'];

/** The format a file name announces by its extension, or null for any other name. */
export function activityFormatOfName(fileName: string): ActivityFormat | null {
  const name = fileName.trim().toLowerCase();
  return (
    ACTIVITY_FORMAT_NAMES.find((format) => ACTIVITY_FORMATS[format].extensions.some((ext) => name.endsWith(ext))) ??
    null
  );
}

/** The format stored under this type, or null for images and everything else. */
export function activityFormatOfMime(mime: string): ActivityFormat | null {
  return ACTIVITY_FORMAT_NAMES.find((format) => ACTIVITY_FORMATS[format].mime === mime) ?? null;
}

export type ActivityFileCheck = { ok: true; format: ActivityFormat } | { ok: false; message: string };

/**
 * An activity file's extension and declared content type must agree (its first bytes are checked
 * against the same format when it arrives). A name without an activity extension is not one.
 */
export function checkActivityFile(fileName: string, declaredType: string): ActivityFileCheck | null {
  const format = activityFormatOfName(fileName);
  if (!format) return null;
  const spec: ActivityFormatSpec = ACTIVITY_FORMATS[format];
  const declared = declaredType.trim().toLowerCase();
  if (UNINFORMATIVE_TYPES.includes(declared) || spec.declaredTypes.includes(declared)) return { ok: true, format };
  return { ok: false, message: `${fileName} is named as a ${spec.label} file but was sent as ${declared}` };
}

/** What an imported activity is, from the format's own sport names. */
export const ACTIVITY_KINDS = [
  'running',
  'cycling',
  'walking',
  'hiking',
  'swimming',
  'rowing',
  'strength',
  'cardio',
  'yoga',
  'other',
] as const;

/**
 * What an accepted activity file must show: started on the proof day in the user's time
 * zone, lasted long enough, time only moving forward, and a heart rate a person could have: enough
 * samples, within range, and varying as a working heart does.
 */
export const ACTIVITY_RULES = {
  minMinutes: 10,
  /** A clock a little ahead of the server's is not a forgery. */
  futureToleranceMinutes: 5,
  heartRate: {
    minBpm: 30,
    maxBpm: 230,
    /** Fewer samples than one a minute (and at least this many) cannot show a heart at work. */
    minSamples: 10,
    minSamplesPerMinute: 1,
    /** Optical sensors glitch now and then: up to this share of samples may fall outside the range. */
    maxOutOfRangeShare: 0.02,
    /** A working heart moves by more than this between its lowest and highest sample... */
    minSpreadBpm: 5,
    /** ...and its samples spread by at least this standard deviation. */
    minStdDevBpm: 1.5,
  },
} as const;

/** The checks an activity file goes through, in order, each answered with a reason (time first: a duration means nothing if it runs backwards). */
export const ACTIVITY_CHECKS = [
  'started_today',
  'time_moves_forward',
  'long_enough',
  'within_human_bounds',
  'heart_rate_recorded',
  'heart_rate_in_range',
  'heart_rate_varies',
  'evidence_strength',
] as const;
export type ActivityCheckName = (typeof ACTIVITY_CHECKS)[number];

/**
 * How far a reader goes before it gives up on a file (a refusal, not a hang): a time limit per
 * job, and for the Apple Health zip the limits that stop a zip bomb before it is inflated.
 */
export const ACTIVITY_READ_LIMITS = {
  timeMs: 45_000,
  /** The FIT decoder runs in a thread of its own with this heap. */
  fitHeapMb: 192,
  /** Readers run in a pool of threads, each with this heap: a hostile file exhausts its thread, never the API. */
  readerHeapMb: 256,
  zip: {
    /** An export holds export.xml, its CDA copy and one file per route or ECG: thousands, not hundreds of thousands. */
    maxEntries: 20_000,
    /** export.xml inflated: years of samples are a few GB at most. */
    maxExportBytes: 6 * 1024 * MEGABYTE,
    /** An export compresses 10–30 times (its records repeat their attributes); a bomb a thousand. */
    maxRatio: 200,
  },
  /** No element, attribute or text run may be longer: the XML parser holds one whole. */
  maxXmlTokenBytes: 8 * MEGABYTE,
  /** Samples kept for the proof day of an Apple Health export (a day at one a second is 86,400). */
  maxDaySamples: 200_000,
  /** Real exports nest 4 (Apple Health) to 8 (TCX) elements deep. */
  maxXmlDepth: 64,
  /** The parse looks at the clock every this many XML events, so a synchronous run of events cannot outlive the deadline. */
  deadlineEveryEvents: 2_000,
  /** Apple Health: distinct step sources kept for the day (a phone, a watch, a few apps). */
  maxStepSources: 64,
  /** Longest name, type or device text kept from a file; longer ones are cut. */
  maxTextChars: 256,
} as const;
