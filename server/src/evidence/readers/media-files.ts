import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_IMAGE_PIXELS } from '../../contract';
import type { VideoFacts } from '../evidence.rules';
import { EvidenceTimeout } from '../models/lazy-engine';
import type { GreyImage, RgbImage } from '../pixels.rules';

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

/** Runs ffmpeg or ffprobe; its standard output, at most `maxBytes`, or an error naming why not. */
function runTool(command: 'ffmpeg' | 'ffprobe', args: string[], deadline: number, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const left = deadline - Date.now();
    if (left <= 0) return reject(new EvidenceTimeout(command));
    // ffprobe never reads standard input; ffmpeg would, unless told not to.
    const quiet = command === 'ffmpeg' ? ['-v', 'error', '-nostdin'] : ['-v', 'error'];
    const child = spawn(command, [...quiet, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: Error | null = null;
    const stop = (err: Error) => {
      failure ??= err;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(new EvidenceTimeout(command)), left);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) stop(new MediaUnreadable(`${command} produced more than ${maxBytes} bytes`));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (err) => stop(err));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else if (code !== 0) reject(new MediaUnreadable(stderr.trim().split('\n').pop() || `${command} exited with ${code}`));
      else resolve(Buffer.concat(chunks));
    });
  });
}

/** A binary PPM (P6, RGB) or PGM (P5, grey) as ffmpeg writes it: header, then the pixels. */
function parsePnm(bytes: Buffer, magic: 'P5' | 'P6'): { width: number; height: number; pixels: Uint8Array } {
  const header = /^(P[56])\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'));
  if (!header || header[1] !== magic) throw new MediaUnreadable('no picture was decoded');
  const width = Number(header[2]);
  const height = Number(header[3]);
  const pixels = bytes.subarray(header[0].length);
  if (pixels.length !== width * height * (magic === 'P6' ? 3 : 1)) throw new MediaUnreadable('the picture was cut short');
  return { width, height, pixels: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length) };
}

/** Fits the picture within maxSide × maxSide (never enlarged), as a PPM or PGM on standard output. */
function pictureOutput(maxSide: number, colour: 'rgb' | 'grey'): string[] {
  const scale = `scale=w='min(iw,${maxSide})':h='min(ih,${maxSide})':force_original_aspect_ratio=decrease`;
  return ['-frames:v', '1', '-vf', scale, '-f', 'image2pipe', '-vcodec', colour === 'rgb' ? 'ppm' : 'pgm', '-'];
}

const pictureBytes = (maxSide: number, colour: 'rgb' | 'grey') => maxSide * maxSide * (colour === 'rgb' ? 3 : 1) + 64;

/** The first picture of an image file, scaled to fit `maxSide`. */
export function decodeImage(path: string, mime: string, maxSide: number, colour: 'rgb', deadline: number): Promise<RgbImage>;
export function decodeImage(path: string, mime: string, maxSide: number, colour: 'grey', deadline: number): Promise<GreyImage>;
export async function decodeImage(path: string, mime: string, maxSide: number, colour: 'rgb' | 'grey', deadline: number): Promise<RgbImage | GreyImage> {
  const output = await runTool('ffmpeg', [...inputArgs(path, mime), ...pictureOutput(maxSide, colour)], deadline, pictureBytes(maxSide, colour));
  return parsePnm(output, colour === 'rgb' ? 'P6' : 'P5');
}

/** The video's picture at `seconds`, scaled to fit `maxSide`; null where the file holds no frame there. */
export async function videoFrame(path: string, mime: string, seconds: number, maxSide: number, deadline: number): Promise<RgbImage | null> {
  // -ss before the input seeks by the index, so a frame costs the same anywhere in a long video.
  const args = ['-ss', seconds.toFixed(3), ...inputArgs(path, mime), ...pictureOutput(maxSide, 'rgb')];
  const output = await runTool('ffmpeg', args, deadline, pictureBytes(maxSide, 'rgb'));
  return output.length ? parsePnm(output, 'P6') : null;
}

const ProbeAnswer = z.object({
  streams: z.array(z.object({ codec_type: z.string(), width: z.number().optional(), height: z.number().optional(), duration: z.string().optional() })).default([]),
  format: z.object({ duration: z.string().optional() }).default({}),
});

/** What the container says: a video track, its size and the duration; null when ffprobe cannot read it. */
export async function probeVideo(path: string, mime: string, deadline: number): Promise<VideoFacts | null> {
  let answer: z.infer<typeof ProbeAnswer>;
  try {
    const json = await runTool('ffprobe', ['-print_format', 'json', '-show_streams', '-show_format', ...inputArgs(path, mime)], deadline, 1024 * 1024);
    answer = ProbeAnswer.parse(JSON.parse(json.toString('utf8')));
  } catch (err) {
    if (err instanceof EvidenceTimeout) throw err;
    return null;
  }
  const video = answer.streams.find((s) => s.codec_type === 'video');
  const seconds = Number(answer.format.duration ?? video?.duration ?? 0);
  return { hasVideo: !!video, seconds: Number.isFinite(seconds) ? seconds : 0, width: video?.width ?? 0, height: video?.height ?? 0 };
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
