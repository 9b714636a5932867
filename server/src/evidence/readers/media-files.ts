import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { z } from 'zod';

import { MAX_IMAGE_PIXELS } from '../../contract';
import type { VideoFacts } from '../evidence.rules';
import { EvidenceTimeout } from '../models/lazy-engine';
import type { GreyImage, RgbImage } from '../pixels.rules';
import { launch, ToolRefused } from './tool-launcher';

/**
 * Proof files read with Debian's ffmpeg and ffprobe: decoded to raw pixels, scaled down on the
 * way. The files are untrusted, so every run is bounded: the container format is the one the
 * upload's magic bytes showed (never guessed again), only local files may be opened, decoders
 * refuse frames over MAX_IMAGE_PIXELS, output is capped, and a run past its deadline is killed.
 */

/** ffmpeg could not read the file (corrupt, truncated, not what its type says). */
export class MediaUnreadable extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'MediaUnreadable';
  }
}

/** The demuxer for each type the uploads accept. */
const DEMUXERS: Record<string, string> = {
  'image/jpeg': 'jpeg_pipe',
  'image/png': 'png_pipe',
  'image/webp': 'webp_pipe',
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
};

/** Reading options shared by every run: this format only, local files only, no frame larger than the limit. */
function inputArgs(path: string, mime: string): string[] {
  const demuxer = DEMUXERS[mime];
  if (!demuxer) throw new MediaUnreadable(`no reader for ${mime}`);
  return ['-protocol_whitelist', 'file', '-max_pixels', String(MAX_IMAGE_PIXELS), '-f', demuxer, '-i', path];
}

/** Runs ffmpeg or ffprobe (through the launcher, see tool-launcher.ts); its standard output, at most `maxBytes`, or an error naming why not. */
async function runTool(
  command: 'ffmpeg' | 'ffprobe',
  args: string[],
  deadline: number,
  maxBytes: number,
): Promise<Buffer> {
  if (deadline <= Date.now()) throw new EvidenceTimeout(command);
  // ffprobe never reads standard input; ffmpeg would, unless told not to.
  const quiet = command === 'ffmpeg' ? ['-v', 'error', '-nostdin'] : ['-v', 'error'];
  try {
    return await launch(command, [...quiet, ...args], deadline, maxBytes);
  } catch (err) {
    throw err instanceof ToolRefused ? new MediaUnreadable(err.message) : err;
  }
}

type Picture = { width: number; height: number; pixels: Uint8Array };

/** Binary PPMs (P6, RGB) or PGMs (P5, grey) one after another, as ffmpeg writes them: header, then the pixels. */
function parsePnms(bytes: Buffer, magic: 'P5' | 'P6'): Picture[] {
  const pictures: Picture[] = [];
  for (let at = 0; at < bytes.length;) {
    const header = /^(P[56])\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(at, at + 40).toString('latin1'));
    if (!header || header[1] !== magic) throw new MediaUnreadable('no picture was decoded');
    const width = Number(header[2]);
    const height = Number(header[3]);
    const start = at + header[0].length;
    const end = start + width * height * (magic === 'P6' ? 3 : 1);
    if (end > bytes.length) throw new MediaUnreadable('the picture was cut short');
    pictures.push({ width, height, pixels: new Uint8Array(bytes.buffer, bytes.byteOffset + start, end - start) });
    at = end;
  }
  return pictures;
}

function parsePnm(bytes: Buffer, magic: 'P5' | 'P6'): Picture {
  const [picture] = parsePnms(bytes, magic);
  if (!picture) throw new MediaUnreadable('no picture was decoded');
  return picture;
}

/** Fits `frames` pictures within maxSide × maxSide (never enlarged), as PPMs or PGMs on standard output, after `filters`. */
function pictureOutput(maxSide: number, colour: 'rgb' | 'grey', frames = 1, filters: string[] = []): string[] {
  const scale = `scale=w='min(iw,${maxSide})':h='min(ih,${maxSide})':force_original_aspect_ratio=decrease`;
  return [
    '-frames:v',
    String(frames),
    '-vf',
    [...filters, scale].join(','),
    '-f',
    'image2pipe',
    '-vcodec',
    colour === 'rgb' ? 'ppm' : 'pgm',
    '-',
  ];
}

const pictureBytes = (maxSide: number, colour: 'rgb' | 'grey') => maxSide * maxSide * (colour === 'rgb' ? 3 : 1) + 64;

/** The first picture of an image file, scaled to fit `maxSide`. */
export function decodeImage(
  path: string,
  mime: string,
  maxSide: number,
  colour: 'rgb',
  deadline: number,
): Promise<RgbImage>;
export function decodeImage(
  path: string,
  mime: string,
  maxSide: number,
  colour: 'grey',
  deadline: number,
): Promise<GreyImage>;
export async function decodeImage(
  path: string,
  mime: string,
  maxSide: number,
  colour: 'rgb' | 'grey',
  deadline: number,
): Promise<RgbImage | GreyImage> {
  const output = await runTool(
    'ffmpeg',
    [...inputArgs(path, mime), ...pictureOutput(maxSide, colour)],
    deadline,
    pictureBytes(maxSide, colour),
  );
  return parsePnm(output, colour === 'rgb' ? 'P6' : 'P5');
}

/** The video's picture at `seconds`, scaled to fit `maxSide`; null where the file holds no frame there. */
export async function videoFrame(
  path: string,
  mime: string,
  seconds: number,
  maxSide: number,
  deadline: number,
): Promise<RgbImage | null> {
  // -ss before the input seeks by the index: only the frames since the last key frame are decoded.
  const args = ['-ss', seconds.toFixed(3), ...inputArgs(path, mime), ...pictureOutput(maxSide, 'rgb')];
  const output = await runTool('ffmpeg', args, deadline, pictureBytes(maxSide, 'rgb'));
  return output.length ? parsePnm(output, 'P6') : null;
}

/**
 * Decoding a whole video costs its frames times their pixels; seeking to a frame costs the frames
 * since the key frame before it, which a short clip may not have had since its start. Up to this
 * many decoded pixels (11 s of 480×480 at 15 frames a second is 0.04 billion, 10 s of 1080p at 30
 * is 0.6), one pass through the video is cheaper than `count` seeks; past it, seeking keeps long
 * videos cheap. A container that understates its frame rate only costs time, and the deadline bounds that.
 */
const ONE_PASS_PIXELS = 400_000_000;

/** `count` pictures spread evenly over the video (fewer when it holds fewer), scaled to fit `maxSide`. */
export async function videoFrames(
  path: string,
  mime: string,
  facts: VideoFacts,
  count: number,
  maxSide: number,
  deadline: number,
): Promise<RgbImage[]> {
  const frames = facts.seconds * facts.framesPerSecond;
  if (frames > 0 && frames * facts.width * facts.height <= ONE_PASS_PIXELS) {
    const evenly = `fps=${count}/${facts.seconds.toFixed(3)}`;
    const output = await runTool(
      'ffmpeg',
      [...inputArgs(path, mime), ...pictureOutput(maxSide, 'rgb', count, [evenly])],
      deadline,
      count * pictureBytes(maxSide, 'rgb'),
    );
    return parsePnms(output, 'P6');
  }
  // One short ffmpeg run per frame, side by side.
  const times = Array.from({ length: count }, (_, i) => ((i + 0.5) * facts.seconds) / count);
  const found = await Promise.all(times.map((seconds) => videoFrame(path, mime, seconds, maxSide, deadline)));
  return found.filter((frame): frame is RgbImage => frame !== null);
}

const ProbeAnswer = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string(),
        width: z.number().optional(),
        height: z.number().optional(),
        duration: z.string().optional(),
        avg_frame_rate: z.string().optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.string().optional() }).default({}),
});

/** What the container says: a video track, its size and the duration; null when ffprobe cannot read it. */
export async function probeVideo(path: string, mime: string, deadline: number): Promise<VideoFacts | null> {
  let answer: z.infer<typeof ProbeAnswer>;
  try {
    const json = await runTool(
      'ffprobe',
      ['-print_format', 'json', '-show_streams', '-show_format', ...inputArgs(path, mime)],
      deadline,
      1024 * 1024,
    );
    answer = ProbeAnswer.parse(JSON.parse(json.toString('utf8')));
  } catch (err) {
    if (err instanceof EvidenceTimeout) throw err;
    return null;
  }
  const video = answer.streams.find((s) => s.codec_type === 'video');
  const seconds = Number(answer.format.duration ?? video?.duration ?? 0);
  // "30000/1001"; "0/0" when unknown.
  const [frames, per] = (video?.avg_frame_rate ?? '0/0').split('/').map(Number);
  const framesPerSecond = per > 0 && frames > 0 ? frames / per : 0;
  const finite = (n: number) => (Number.isFinite(n) ? n : 0);
  return {
    hasVideo: !!video,
    seconds: finite(seconds),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    framesPerSecond: finite(framesPerSecond),
  };
}

/** The bytes in a private temporary file for the duration of `use` (ffmpeg seeks in videos; a pipe cannot). */
export async function withTempFile<T>(bytes: Buffer, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sweat-evidence-'));
  try {
    const path = join(dir, 'file');
    await writeFile(path, bytes, { mode: 0o600 });
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
