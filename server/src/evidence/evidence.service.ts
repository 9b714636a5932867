import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PSM } from 'tesseract.js';

import { APP_CONFIG, AppConfig } from '../config/config';
import type { EvidenceCheck, ProofKind } from '../contract';
import { CHALLENGE_ALPHABET, MAX_IMAGE_PIXELS, VIDEO_RULES } from '../contract';
import { type ActivityFigures, readActivityFigures } from './activity-text.rules';
import { showsCode } from './code-match.rules';
import {
  activityCheck,
  codeCheck,
  durationCheck,
  imageCheck,
  movementCheck,
  personCheck,
  personFound,
  tooSlowCheck,
  unreadableCheck,
  videoFileCheck,
  videoPersonCheck,
} from './evidence.rules';
import { EvidenceTimeout } from './models/lazy-engine';
import { Detector, PersonDetector } from './models/person-detector';
import { Reading, TextReader } from './models/text-reader';
import {
  adaptiveThreshold,
  brightRegions,
  coarseGrid,
  crop,
  type GreyImage,
  meanAbsoluteDifference,
  type RgbImage,
  toGrey,
  withMargin,
} from './pixels.rules';
import { imageDimensions } from './readers/image-header';
import { decodeImage, MediaUnreadable, probeVideo, videoFrames, withTempFile } from './readers/media-files';
import { stopLauncher } from './readers/tool-launcher';

export interface EvidenceFile {
  kind: ProofKind;
  mime: string;
  bytes: Buffer;
}

/** Longest side of what the person detectors are given (they scale to their own input size anyway). */
const PERSON_SIDE = 640;
/** Longest side of a video frame read: a person filling part of it stays findable, six of them decode fast. */
const FRAME_SIDE = 480;
/** Longest side of pictures read by OCR: a code on paper in a 12-megapixel photo keeps letters some 30 px tall. */
const TEXT_SIDE = 1600;
/** Documents (body-scan reports) carry small print: read at more pixels. */
const DOCUMENT_SIDE = 2400;
/** Cheapest first: BlazeFace takes about 30 ms a picture here, MoveNet 35, CenterNet 170. */
const PERSON_DETECTORS: Detector[] = ['face', 'body', 'person'];
/** The coarse grid frames are compared on, for movement. */
const MOTION_GRID = { columns: 32, rows: 24 } as const;

/** A way of looking at a picture for OCR: the images it reads (one, or several crops) and their layout. */
interface View {
  images: (page: GreyImage) => GreyImage[];
  layout: Reading['layout'];
}

/** The picture on a white margin a ninth of its long side (100 pixels around a 900-pixel photo). */
const framed = (page: GreyImage) => withMargin(page, Math.round(Math.max(page.width, page.height) / 9));

/**
 * Ways of reading the code in a photo, tried in order until one finds it. OCR's layout analysis
 * loses a small sheet of paper in a busy or dim photo, each way differently: it drops text near
 * the picture's edge (a white margin helps), and in a mostly dark photo it takes the paper for a
 * dark block (reading the bright regions alone, or a local threshold, helps). On 40 selfies made
 * like the evidence samples, with random codes and places, each way alone found the code in 23 to
 * 33 of them, the four together in 39.
 */
const CODE_VIEWS: View[] = [
  { images: (page) => [framed(page)], layout: PSM.SPARSE_TEXT },
  { images: (page) => [page], layout: PSM.SPARSE_TEXT },
  {
    images: (page) => brightRegions(page, 4).map((region) => withMargin(crop(page, region), 20)),
    layout: PSM.SPARSE_TEXT,
  },
  { images: (page) => [adaptiveThreshold(framed(page))], layout: PSM.SPARSE_TEXT },
];

/** A screenshot is a page of text; a photo of a watch face is sparse text. */
const ACTIVITY_VIEWS: View[] = [
  { images: (page) => [page], layout: PSM.AUTO },
  { images: (page) => [framed(page)], layout: PSM.SPARSE_TEXT },
];

/** A document image that cannot be read as one: unreadable, or over the pixel limit. */
export class DocumentImageRefused extends Error {}

/**
 * What a proof file shows, checked on this machine with the models and data that ship inside the
 * packages (people: @vladmandic/human; text: tesseract.js; pictures: ffmpeg). Each kind answers
 * its checks, cheapest first, up to the first that fails (its reason says what to do, and a
 * refused file costs little); a file that cannot be read, or takes longer than
 * EVIDENCE_TIME_LIMIT_MS, fails one.
 */
@Injectable()
export class EvidenceService implements OnModuleDestroy {
  constructor(
    private readonly people: PersonDetector,
    private readonly text: TextReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The ffmpeg launcher (readers/tool-launcher.ts) and whatever it runs end with the app. */
  onModuleDestroy(): void {
    stopLauncher();
  }

  async check(file: EvidenceFile, challengeCode: string): Promise<EvidenceCheck[]> {
    const deadline = Date.now() + this.config.evidenceTimeLimitMs;
    const checks: EvidenceCheck[] = [];
    try {
      await withTempFile(file.bytes, async (path) => {
        if (file.kind === 'workout_video') await this.checkVideo(path, file.mime, deadline, checks);
        else await this.checkImage(file, path, challengeCode, deadline, checks);
      });
    } catch (err) {
      if (err instanceof EvidenceTimeout) checks.push(tooSlowCheck(file.kind));
      else if (err instanceof MediaUnreadable) checks.push(unreadableCheck(file.kind));
      else throw err;
    }
    return checks;
  }

  /** The text of a document photographed or scanned to JPEG/PNG (a body-scan report). */
  async documentText(file: { bytes: Buffer; mime: string }): Promise<string> {
    const size = imageDimensions(file.bytes, file.mime);
    if (!size) throw new DocumentImageRefused('This image could not be read. Upload the original report file.');
    if (size.width * size.height > MAX_IMAGE_PIXELS) {
      throw new DocumentImageRefused(
        `This image is too large (${size.width}×${size.height}). Upload one of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
      );
    }
    const deadline = Date.now() + this.config.evidenceTimeLimitMs;
    try {
      const page = await withTempFile(file.bytes, (path) =>
        decodeImage(path, file.mime, DOCUMENT_SIDE, 'grey', deadline),
      );
      return await this.text.read(page, { layout: PSM.AUTO }, deadline);
    } catch (err) {
      if (err instanceof MediaUnreadable)
        throw new DocumentImageRefused('This image could not be read. Upload the original report file.');
      if (err instanceof EvidenceTimeout)
        throw new DocumentImageRefused(
          'This image took too long to read. Upload a smaller or clearer image, or the PDF.',
        );
      throw err;
    }
  }

  /** A selfie: a person, and today's code; a screenshot: activity figures. */
  private async checkImage(
    file: EvidenceFile,
    path: string,
    code: string,
    deadline: number,
    checks: EvidenceCheck[],
  ): Promise<void> {
    const header = imageCheck(imageDimensions(file.bytes, file.mime), file.kind);
    checks.push(header);
    if (!header.passed) return;
    const page = () => decodeImage(path, file.mime, TEXT_SIDE, 'grey', deadline);
    if (file.kind === 'apple_watch') {
      checks.push(activityCheck(await this.readFigures(await page(), deadline)));
      return;
    }
    const picture = await decodeImage(path, file.mime, PERSON_SIDE, 'rgb', deadline);
    const person = personCheck(await this.findPerson(picture, deadline), file.kind);
    checks.push(person);
    if (person.passed) checks.push(codeCheck(await this.findCode(await page(), code, deadline), code));
  }

  private async checkVideo(path: string, mime: string, deadline: number, checks: EvidenceCheck[]): Promise<void> {
    const facts = await probeVideo(path, mime, deadline);
    const file = videoFileCheck(facts);
    checks.push(file);
    if (!facts || !file.passed) return;
    const duration = durationCheck(facts.seconds);
    checks.push(duration);
    if (!duration.passed) return;

    const { sampledFrames } = VIDEO_RULES;
    // A frame the file does not hold (its header overstates the length) counts as showing nobody.
    const held = await videoFrames(path, mime, facts, sampledFrames, FRAME_SIDE, deadline);
    const grids = held.map((frame) => coarseGrid(toGrey(frame), MOTION_GRID.columns, MOTION_GRID.rows));
    const movement = movementCheck(grids.slice(1).map((grid, i) => meanAbsoluteDifference(grids[i], grid)));
    checks.push(movement);
    if (!movement.passed) return;
    let withPerson = 0;
    for (const frame of held) if (await this.findPerson(frame, deadline)) withPerson++;
    checks.push(videoPersonCheck(withPerson, sampledFrames));
  }

  /** The detectors from the cheapest (a face, then a body's pose) to the object detector, until one is sure. */
  private async findPerson(picture: RgbImage, deadline: number): Promise<boolean> {
    for (const detector of PERSON_DETECTORS) {
      if (personFound({ [detector]: await this.people.detect(picture, detector, deadline) })) return true;
    }
    return false;
  }

  private async findCode(page: GreyImage, code: string, deadline: number): Promise<boolean> {
    for (const view of CODE_VIEWS) {
      for (const image of view.images(page)) {
        if (
          showsCode(await this.text.read(image, { layout: view.layout, alphabet: CHALLENGE_ALPHABET }, deadline), code)
        )
          return true;
      }
    }
    return false;
  }

  private async readFigures(page: GreyImage, deadline: number): Promise<ActivityFigures> {
    for (const view of ACTIVITY_VIEWS) {
      for (const image of view.images(page)) {
        const figures = readActivityFigures(await this.text.read(image, { layout: view.layout }, deadline));
        if (Object.keys(figures).length) return figures;
      }
    }
    return {};
  }
}
