import { Inject, Injectable } from '@nestjs/common';
import { PSM } from 'tesseract.js';
import { APP_CONFIG, AppConfig } from '../config/config';
import { CHALLENGE_ALPHABET, MAX_IMAGE_PIXELS, VIDEO_RULES } from '../contract';
import type { EvidenceCheck, ProofKind } from '../contract';
import { imageDimensions } from './readers/image-header';
import { readActivityFigures, type ActivityFigures } from './activity-text.rules';
import { showsCode } from './code-match.rules';
import {
  PersonScores,
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
import { PersonDetector } from './models/person-detector';
import { Reading, TextReader } from './models/text-reader';
import { adaptiveThreshold, coarseGrid, meanAbsoluteDifference, toGrey, type GreyImage, type RgbImage } from './pixels.rules';
import { MediaUnreadable, decodeImage, probeVideo, videoFrame, withTempFile } from './readers/media-files';

export interface EvidenceFile {
  kind: ProofKind;
  mime: string;
  bytes: Buffer;
}

/** Longest side of what the person detectors are given (they scale to their own input size anyway). */
const PERSON_SIDE = 640;
/** Longest side of a video frame read: a person filling part of it stays findable, eight of them decode fast. */
const FRAME_SIDE = 480;
/** Longest side of pictures read by OCR: a code on paper in a 12-megapixel photo keeps letters some 30 px tall. */
const TEXT_SIDE = 1600;
/** Documents (body-scan reports) carry small print: read at more pixels. */
const DOCUMENT_SIDE = 2400;
/** The coarse grid frames are compared on, for movement. */
const MOTION_GRID = { columns: 32, rows: 24 } as const;

type Picture = 'grey' | 'adaptive';

/**
 * Ways of reading the code in a photo, tried in order until one finds it: OCR's own layout
 * analysis loses a small sheet of paper in a busy or dim picture in different ways, so the
 * picture is read as sparse text, then with a local threshold (paper white, ink black), then as a page.
 */
const CODE_PASSES: Array<{ picture: Picture; layout: Reading['layout'] }> = [
  { picture: 'grey', layout: PSM.SPARSE_TEXT },
  { picture: 'adaptive', layout: PSM.SPARSE_TEXT },
  { picture: 'grey', layout: PSM.AUTO },
];

/** A screenshot is a page of text; a photo of a watch face is sparse text. */
const ACTIVITY_PASSES: Array<{ picture: Picture; layout: Reading['layout'] }> = [
  { picture: 'grey', layout: PSM.AUTO },
  { picture: 'grey', layout: PSM.SPARSE_TEXT },
];

/** A document image that cannot be read as one: unreadable, or over the pixel limit. */
export class DocumentImageRefused extends Error {}

/**
 * What a proof file shows, checked on this machine with the models and data that ship inside the
 * packages (people: @vladmandic/human; text: tesseract.js; pictures: ffmpeg). Each kind answers
 * its checks; a file that cannot be read, or takes longer than EVIDENCE_TIME_LIMIT_MS, fails one.
 */
@Injectable()
export class EvidenceService {
  constructor(
    private readonly people: PersonDetector,
    private readonly text: TextReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
      throw new DocumentImageRefused(`This image is too large (${size.width}×${size.height}). Upload one of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`);
    }
    const deadline = Date.now() + this.config.evidenceTimeLimitMs;
    try {
      const page = await withTempFile(file.bytes, (path) => decodeImage(path, file.mime, DOCUMENT_SIDE, 'grey', deadline));
      return await this.text.read(page, { layout: PSM.AUTO }, deadline);
    } catch (err) {
      if (err instanceof MediaUnreadable) throw new DocumentImageRefused('This image could not be read. Upload the original report file.');
      if (err instanceof EvidenceTimeout) throw new DocumentImageRefused('This image took too long to read. Upload a smaller or clearer image, or the PDF.');
      throw err;
    }
  }

  /** A selfie: a person, and today's code; a screenshot: activity figures. */
  private async checkImage(file: EvidenceFile, path: string, code: string, deadline: number, checks: EvidenceCheck[]): Promise<void> {
    const header = imageCheck(imageDimensions(file.bytes, file.mime), file.kind);
    checks.push(header);
    if (!header.passed) return;
    const page = await decodeImage(path, file.mime, TEXT_SIDE, 'grey', deadline);
    if (file.kind === 'apple_watch') {
      checks.push(activityCheck(await this.readFigures(page, deadline)));
      return;
    }
    const picture = await decodeImage(path, file.mime, PERSON_SIDE, 'rgb', deadline);
    checks.push(personCheck(await this.findPerson(picture, deadline), file.kind));
    checks.push(codeCheck(await this.findCode(page, code, deadline), code));
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
    let withPerson = 0;
    const grids: Float64Array[] = [];
    for (let i = 0; i < sampledFrames; i++) {
      const frame = await videoFrame(path, mime, ((i + 0.5) * facts.seconds) / sampledFrames, FRAME_SIDE, deadline);
      // A frame the file does not hold (its header overstates the length) counts as showing nobody.
      if (!frame) continue;
      if (await this.findPerson(frame, deadline)) withPerson++;
      grids.push(coarseGrid(toGrey(frame), MOTION_GRID.columns, MOTION_GRID.rows));
    }
    checks.push(videoPersonCheck(withPerson, sampledFrames));
    checks.push(movementCheck(grids.slice(1).map((grid, i) => meanAbsoluteDifference(grids[i], grid))));
  }

  /** The cheap detectors first (a face, a body's pose); the object detector only when they saw no one. */
  private async findPerson(picture: RgbImage, deadline: number): Promise<boolean> {
    const quick: PersonScores = await this.people.detect(picture, ['face', 'body'], deadline);
    if (personFound(quick)) return true;
    return personFound(await this.people.detect(picture, ['person'], deadline));
  }

  private async findCode(page: GreyImage, code: string, deadline: number): Promise<boolean> {
    for (const pass of CODE_PASSES) {
      const text = await this.text.read(this.prepare(page, pass.picture), { layout: pass.layout, alphabet: CHALLENGE_ALPHABET }, deadline);
      if (showsCode(text, code)) return true;
    }
    return false;
  }

  private async readFigures(page: GreyImage, deadline: number): Promise<ActivityFigures> {
    let figures: ActivityFigures = {};
    for (const pass of ACTIVITY_PASSES) {
      figures = readActivityFigures(await this.text.read(this.prepare(page, pass.picture), { layout: pass.layout }, deadline));
      if (Object.keys(figures).length) break;
    }
    return figures;
  }

  private prepare(page: GreyImage, picture: Picture): GreyImage {
    return picture === 'adaptive' ? adaptiveThreshold(page) : page;
  }
}
