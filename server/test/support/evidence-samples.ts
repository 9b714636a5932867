import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Labelled evidence for the local proof checks, made with ffmpeg (on PATH, as in production):
 * genuine samples from the person photos that ship inside @vladmandic/human (its assets/ folder),
 * with the day's code drawn on white "paper" for selfies, moving crops of them for videos, and
 * watch or app summaries drawn as screenshots; and fakes (blank, noise, a text-only screenshot,
 * scenery without anyone, a looped still, a video without a picture track…). `seed` makes every
 * file's bytes (and so its sha256) its own: a proof file proves one day, once.
 */

const ASSETS = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets');
const FONTS = [
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
];
const FONT = FONTS.find((f) => existsSync(f));
const REGULAR_FONT =
  [
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  ].find((f) => existsSync(f)) ?? FONT;

/** One person (or a small group) in a package photo: the asset and the crop [x, y, width, height]. */
export interface PersonSource {
  asset: string;
  crop: [number, number, number, number];
}

/** Every person photo the samples are made from; 19 sources, from 86 to 1280 pixels wide. */
export const PERSON_SOURCES: PersonSource[] = [
  ...[8, 165, 322, 479, 636].map((x): PersonSource => ({
    asset: 'screenshot-facedetect.jpg',
    crop: [x, 345, 150, 150],
  })),
  ...(
    [
      [0, 157],
      [166, 150],
      [326, 210],
      [546, 86],
      [642, 146],
      [798, 106],
      [912, 208],
      [1130, 150],
    ] as const
  ).map(([x, width]): PersonSource => ({ asset: 'samples.jpg', crop: [x, 0, width, 158] })),
  { asset: 'samples.jpg', crop: [0, 170, 1280, 988] },
  { asset: 'screenshot-faceid.jpg', crop: [5, 130, 160, 160] },
  { asset: 'screenshot-vrm.jpg', crop: [475, 0, 325, 244] },
  { asset: 'screenshot-facematch.jpg', crop: [0, 25, 165, 170] },
  { asset: 'screenshot-facematch.jpg', crop: [393, 27, 97, 103] },
  { asset: 'screenshot-facematch.jpg', crop: [497, 27, 103, 103] },
];

/** Where the code's paper sits, chosen by seed: the corners and the bottom middle. */
const PLACES = [
  ['24', 'h-th-40'],
  ['w-tw-24', 'h-th-40'],
  ['(w-tw)/2', 'h-th-30'],
  ['24', '30'],
  ['w-tw-24', '30'],
] as const;

let textFiles: string | null = null;
/** drawtext reads its text from a file, so nothing in it needs filtergraph escaping. */
function textFile(text: string): string {
  textFiles ??= mkdtempSync(join(tmpdir(), 'sweat-samples-'));
  const path = join(textFiles, `${Buffer.from(text).toString('hex').slice(0, 40)}-${text.length}.txt`);
  writeFileSync(path, text);
  return path;
}

interface Text {
  text: string;
  x: string;
  y: string;
  size: number | string;
  colour?: string;
  paper?: boolean;
  regular?: boolean;
}

function drawText({ text, x, y, size, colour = 'black', paper = false, regular = false }: Text): string {
  const box = paper ? ':box=1:boxcolor=white:boxborderw=18' : '';
  return `drawtext=fontfile=${regular ? REGULAR_FONT : FONT}:textfile=${textFile(text)}:expansion=none:fontsize=${size}:fontcolor=${colour}${box}:x=${x}:y=${y}`;
}

/** A barely visible seed in a corner: the bytes change, what a person or OCR sees does not. */
const seedMark = (seed: number) =>
  drawText({ text: `${seed}`, x: 'w-tw-4', y: 'h-th-4', size: 9, colour: '0x808080@0.3', regular: true });

function ffmpeg(args: string[], output: 'jpeg' | 'png' | 'mp4' | 'webm' | 'm4a'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'sweat-sample-'));
  const file = join(dir, `out.${output === 'jpeg' ? 'jpg' : output}`);
  try {
    execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args, file], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sourceInput = (source: PersonSource) => ['-i', join(ASSETS, source.asset)];
const cropOf = ({ crop: [x, y, w, h] }: PersonSource) => `crop=${w}:${h}:${x}:${y}`;
const still = (filters: string[]) => ['-vf', filters.join(','), '-frames:v', '1'];

/** A person photo about 900 pixels on its long side (a phone photo, shrunk), with nothing drawn. */
export function personPhoto(source = 0, seed = 0): Buffer {
  const person = PERSON_SOURCES[source % PERSON_SOURCES.length];
  return ffmpeg(
    [
      ...sourceInput(person),
      ...still([cropOf(person), 'scale=900:900:force_original_aspect_ratio=decrease', seedMark(seed)]),
      '-q:v',
      '3',
    ],
    'jpeg',
  );
}

/** A gym selfie: a person photo with `code` on a sheet of white paper, placed by seed (or `place`). */
export function selfie(code: string, source = 0, seed = 0, place = seed % PLACES.length): Buffer {
  const person = PERSON_SOURCES[source % PERSON_SOURCES.length];
  const [x, y] = PLACES[place];
  const filters = [
    cropOf(person),
    'scale=900:900:force_original_aspect_ratio=decrease',
    drawText({ text: code, x, y, size: 'w/11', paper: true }),
    seedMark(seed),
  ];
  return ffmpeg([...sourceInput(person), ...still(filters), '-q:v', '3'], 'jpeg');
}

/**
 * The selfie of tests that prove a day (not the suite that measures the checks): the paper anywhere
 * but the lower left corner, where the code reading missed 2 of about 50 tries (none in about 200
 * elsewhere), so a test about something else does not fail on that 1-in-100 miss.
 */
export function dailySelfie(code: string, seed: number): Buffer {
  return selfie(code, seed, seed, 1 + (seed % (PLACES.length - 1)));
}

/** Whether the app's own checks accept a selfie showing `code` (EvidenceService.check of a gym selfie). */
export type SelfieReader = (bytes: Buffer, code: string) => Promise<boolean>;

/**
 * dailySelfie's picture that the app's checks read, the next picture tried on a miss: the suite
 * measures the misses (about 1 in 60), and a test about something else must not fail on one.
 */
export async function readableSelfie(code: string, seed: number, reads: SelfieReader): Promise<Buffer> {
  let bytes = dailySelfie(code, seed);
  for (let attempt = 1; attempt < 5 && !(await reads(bytes, code)); attempt++)
    bytes = dailySelfie(code, seed + attempt * 7919);
  return bytes;
}

/**
 * A workout video: a person photo filmed by a moving camera (a crop sweeping over it, zooming a
 * little), 15 frames a second, H.264 in MP4 (or VP8 in WebM).
 */
export function workoutVideo(
  options: { source?: number; seconds?: number; seed?: number; format?: 'mp4' | 'webm' } = {},
): Buffer {
  const { source = 0, seconds = 11, seed = 0, format = 'mp4' } = options;
  const person = PERSON_SOURCES[source % PERSON_SOURCES.length];
  const sweep = `crop=w=in_w*0.72:h=in_h*0.72:x='(in_w-out_w)/2*(1+sin(t*1.7+${seed % 7}))':y='(in_h-out_h)/2*(1+sin(t*1.1))'`;
  const filters = [
    cropOf(person),
    'scale=720:720:force_original_aspect_ratio=decrease',
    sweep,
    'scale=480:-2',
    'fps=15',
    seedMark(seed),
  ];
  return ffmpeg(
    ['-loop', '1', ...sourceInput(person), '-t', String(seconds), '-vf', filters.join(','), ...encoder(format)],
    format,
  );
}

const encodedVideos = new Map<number, Buffer>();
/**
 * A workout video made once per source and process, with `seed` in a trailing `free` box (which
 * players skip): new bytes for every proof without encoding again.
 */
export function reusedWorkoutVideo(source: number, seed: number): Buffer {
  let video = encodedVideos.get(source);
  if (!video) encodedVideos.set(source, (video = workoutVideo({ source, seed: source })));
  const note = Buffer.from(`seed ${seed}`, 'latin1');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + note.length);
  header.write('free', 4, 'latin1');
  return Buffer.concat([video, header, note]);
}

const encoder = (format: 'mp4' | 'webm') =>
  format === 'mp4'
    ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart']
    : ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '400k'];

/** A still picture held for `seconds`: the looped-still fake, with grain added when asked (it must not count as movement). */
export function loopedStill(
  options: { source?: number; seconds?: number; seed?: number; grain?: boolean } = {},
): Buffer {
  const { source = 0, seconds = 12, seed = 0, grain = false } = options;
  const person = PERSON_SOURCES[source % PERSON_SOURCES.length];
  const filters = [
    cropOf(person),
    'scale=480:-2',
    'fps=15',
    ...(grain ? ['noise=alls=12:allf=t'] : []),
    seedMark(seed),
  ];
  return ffmpeg(
    ['-loop', '1', ...sourceInput(person), '-t', String(seconds), '-vf', filters.join(','), ...encoder('mp4')],
    'mp4',
  );
}

/** A video made by ffmpeg's own sources: moving colour patterns or noise, nobody in them. */
export function syntheticVideo(kind: 'patterns' | 'noise', seconds = 12, seed = 0): Buffer {
  const source =
    kind === 'patterns' ? `testsrc2=size=480x360:rate=15` : `nullsrc=size=480x360:rate=15,geq=random(1)*255:128:128`;
  return ffmpeg(['-f', 'lavfi', '-i', source, '-t', String(seconds), '-vf', seedMark(seed), ...encoder('mp4')], 'mp4');
}

/** An MP4 holding only sound: no video track. */
export function audioOnly(seconds = 12): Buffer {
  return ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac', '-f', 'mp4'], 'm4a');
}

/** A plain picture (blank, noise, ffmpeg's test pattern), `width` × `height`. */
export function plainImage(kind: 'blank' | 'noise' | 'patterns', seed = 0, width = 800, height = 600): Buffer {
  const source = {
    blank: `color=c=white:s=${width}x${height}`,
    noise: `nullsrc=s=${width}x${height},geq=random(1)*255:random(1)*255:random(1)*255`,
    patterns: `testsrc2=s=${width}x${height}`,
  }[kind];
  return ffmpeg(['-f', 'lavfi', '-i', source, ...still(['format=rgb24', seedMark(seed)])], 'png');
}

/** A screenshot of text only: today's code on a phone-sized dark screen, no person anywhere. */
export function textOnlyScreenshot(code: string, seed = 0): Buffer {
  const lines = [
    drawText({ text: 'My code for today', x: '60', y: '380', size: 44, colour: 'white', regular: true }),
    drawText({ text: code, x: '60', y: '460', size: 96, colour: 'white' }),
  ];
  return ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x101820:s=720x1280', ...still([...lines, seedMark(seed)])], 'png');
}

/** Scenery without anyone: the chandeliers above the crowd in samples.jpg, with `code` on paper when given. */
export function scenery(seed = 0, code?: string): Buffer {
  const ceiling: PersonSource = { asset: 'samples.jpg', crop: [380, 175, 900, 190] };
  const paper = code ? [drawText({ text: code, x: '24', y: 'h-th-30', size: 'w/11', paper: true })] : [];
  return ffmpeg(
    [
      ...sourceInput(ceiling),
      ...still([cropOf(ceiling), 'scale=900:-2', 'pad=iw:ih+200:0:100:0x303030', ...paper, seedMark(seed)]),
      '-q:v',
      '3',
    ],
    'jpeg',
  );
}

/** Screens an activity app shows after a workout, each a list of lines (large first). */
export const ACTIVITY_SCREENS: string[][] = [
  ['Outdoor Run', 'Workout Time 0:42:17', 'Active Kilocalories 412 KCAL', 'Avg. Heart Rate 138 BPM'],
  ['Strength Training', '45 min', '320 kcal', '121 bpm avg'],
  ['Today', 'Steps', '12,504 steps', 'Distance 9.1 km'],
  ['HIIT', 'Duration 25:30', 'Calories 287', 'Heart rate 151 bpm'],
  ['Cycling', 'Total Time 1:05:12', '640 CAL', 'Avg HR 132'],
  ['Activity', 'Move 512 kcal', 'Exercise 38 min', 'Stand 10 hrs'],
];

/** An activity screenshot: one of ACTIVITY_SCREENS on a dark or light phone screen. */
export function activityScreenshot(screen = 0, seed = 0): Buffer {
  const lines = ACTIVITY_SCREENS[screen % ACTIVITY_SCREENS.length];
  const dark = (screen + seed) % 2 === 0;
  const colour = dark ? 'white' : 'black';
  const drawn = lines.map((text, i) =>
    drawText({ text, x: '48', y: String(140 + i * 110), size: i === 0 ? 56 : 44, colour, regular: i > 0 }),
  );
  return ffmpeg(
    ['-f', 'lavfi', '-i', `color=c=${dark ? '0x000000' : '0xf2f2f7'}:s=720x1280`, ...still([...drawn, seedMark(seed)])],
    'png',
  );
}

/** A notes screenshot with words and numbers that are no activity figures. */
export function notesScreenshot(seed = 0): Buffer {
  const lines = ['Shopping list', 'Eggs 12', 'Milk 2 litres', 'Call Anna at 5'];
  const drawn = lines.map((text, i) => drawText({ text, x: '48', y: String(140 + i * 110), size: 44, regular: true }));
  return ffmpeg(['-f', 'lavfi', '-i', 'color=c=0xfffbe6:s=720x1280', ...still([...drawn, seedMark(seed)])], 'png');
}

/** A body-scan result sheet as a phone photo or scan of paper: these lines, black on white. */
export function reportImage(lines: string[], seed = 0): Buffer {
  const drawn = lines.map((text, i) =>
    drawText({ text, x: '80', y: String(120 + i * 70), size: i === 0 ? 48 : 34, regular: i > 0 }),
  );
  return ffmpeg(['-f', 'lavfi', '-i', 'color=c=white:s=1240x1754', ...still([...drawn, seedMark(seed)])], 'png');
}

/** A PNG whose header claims `width` × `height` with almost no data behind it: a decompression bomb as the header shows it. */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const png = plainImage('blank', 0, 64, 64);
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(width, 16);
  bomb.writeUInt32BE(height, 20);
  return bomb;
}

/** Removes the text files drawtext read (call once a suite is done). */
export function removeSampleFiles(): void {
  if (textFiles) rmSync(textFiles, { recursive: true, force: true });
  textFiles = null;
}
