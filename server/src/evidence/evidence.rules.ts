import type { EvidenceCheck, ProofKind } from '../contract';
import {
  describeTypes,
  MAX_IMAGE_PIXELS,
  MIN_IMAGE_SIDE,
  PERSON_MIN_SCORES,
  PROOF_PURPOSES,
  UPLOAD_PURPOSES,
  VIDEO_RULES,
} from '../contract';
import { type ActivityFigures, describeFigures } from './activity-text.rules';
import type { Dimensions } from './readers/image-header';

/**
 * The verdicts of the local checks: each a pure function of what the readers and models found,
 * answering `{name, passed, reason}` with a reason a person can act on.
 */

const check = (name: EvidenceCheck['name'], passed: boolean, reason: string): EvidenceCheck => ({
  name,
  passed,
  reason,
});

/** What a proof file is called in reasons. */
export const EVIDENCE_LABELS: Record<ProofKind, string> = {
  gym_selfie: 'selfie',
  workout_video: 'video',
  apple_watch: 'screenshot',
};

/** The best score each detector gave; a detector that did not run is absent. */
export type PersonScores = Partial<Record<keyof typeof PERSON_MIN_SCORES, number>>;

/** A person is there when any detector that ran is sure enough. */
export function personFound(scores: PersonScores): boolean {
  return (Object.keys(PERSON_MIN_SCORES) as Array<keyof typeof PERSON_MIN_SCORES>).some(
    (d) => (scores[d] ?? 0) >= PERSON_MIN_SCORES[d],
  );
}

/** The file is not what its type says, or is cut short: nothing in it can be checked. */
export function unreadableCheck(kind: ProofKind): EvidenceCheck {
  const types = describeTypes(UPLOAD_PURPOSES[PROOF_PURPOSES[kind]].allowedTypes);
  return check('file', false, `The ${EVIDENCE_LABELS[kind]} could not be read: send a ${types} file`);
}

/** The image's header: readable, not a decompression bomb, big enough to show anything. */
export function imageCheck(size: Dimensions | null, kind: ProofKind): EvidenceCheck {
  if (!size) return unreadableCheck(kind);
  const { width, height } = size;
  if (width * height > MAX_IMAGE_PIXELS) {
    return check(
      'file',
      false,
      `The image is too large (${width}×${height}): send one of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
    );
  }
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) {
    return check('file', false, `The image is too small (${width}×${height}); send a real photo or screenshot`);
  }
  return check('file', true, `Image ${width}×${height}`);
}

export function personCheck(found: boolean, kind: ProofKind): EvidenceCheck {
  const label = EVIDENCE_LABELS[kind];
  return found
    ? check('person', true, `A person is in the ${label}`)
    : check('person', false, `No person found in the ${label}`);
}

export function codeCheck(found: boolean, code: string): EvidenceCheck {
  return found
    ? check('code', true, `Code ${code} is readable`)
    : check('code', false, `Code ${code} not found: show it on paper or a screen`);
}

/** What ffprobe found in a video file. */
export interface VideoFacts {
  hasVideo: boolean;
  seconds: number;
  width: number;
  height: number;
  /** 0 when the container does not say. */
  framesPerSecond: number;
}

/** The container holds a picture track of a size that can be decoded. */
export function videoFileCheck(facts: VideoFacts | null): EvidenceCheck {
  if (!facts) return unreadableCheck('workout_video');
  if (!facts.hasVideo) return check('file', false, 'The file has no video track: send a video of your workout');
  if (facts.width * facts.height > MAX_IMAGE_PIXELS)
    return check(
      'file',
      false,
      `The video's frames are too large (${facts.width}×${facts.height}): record at a lower resolution`,
    );
  return check('file', true, `Video ${facts.width}×${facts.height}`);
}

export function durationCheck(seconds: number): EvidenceCheck {
  const shown = Math.floor(seconds * 10) / 10;
  return seconds >= VIDEO_RULES.minSeconds
    ? check('duration', true, `The video lasts ${shown} s`)
    : check('duration', false, `The video lasts ${shown} s: record at least ${VIDEO_RULES.minSeconds} s`);
}

/** "A person in most frames": more than minPersonShare of the sampled frames. */
export function videoPersonCheck(framesWithPerson: number, sampled: number): EvidenceCheck {
  const passed = sampled > 0 && framesWithPerson / sampled > VIDEO_RULES.minPersonShare;
  const counted = `${framesWithPerson} of ${sampled} sampled frames`;
  return passed
    ? check('person', true, `A person in ${counted}`)
    : check('person', false, `No person in most of the video (${counted}): keep yourself in the picture`);
}

/** `differences`: between consecutive sampled frames (coarse grids); enough of them must show movement. */
export function movementCheck(differences: number[]): EvidenceCheck {
  const moving = differences.filter((d) => d >= VIDEO_RULES.minMotion).length;
  const passed = differences.length > 0 && moving / differences.length >= VIDEO_RULES.minMovingShare;
  return passed
    ? check('movement', true, `The picture moves between ${moving} of ${differences.length} sampled frames`)
    : check('movement', false, 'The frames barely change: a still picture is not a workout video');
}

export function activityCheck(figures: ActivityFigures): EvidenceCheck {
  const found = describeFigures(figures);
  return found
    ? check('activity', true, `Activity summary read: ${found}`)
    : check(
        'activity',
        false,
        'No activity figures (minutes, kcal, steps or heart rate) could be read in the screenshot: send one that shows them',
      );
}

/** A check that ran out of time (or hit a reader's limit): the file is refused with what to do. */
export function tooSlowCheck(kind: ProofKind): EvidenceCheck {
  return check(
    'file',
    false,
    `The ${EVIDENCE_LABELS[kind]} could not be checked in time: send a shorter or smaller file`,
  );
}

/**
 * Whether a file's checks ended because time ran out: a verdict of the machine's load as much as of
 * the file, so it is not kept for reuse (the next check runs again).
 */
export const ranOutOfTime = (kind: ProofKind, checks: EvidenceCheck[]) =>
  checks.some((c) => !c.passed && c.reason === tooSlowCheck(kind).reason);

/** Every check passed. */
export const accepted = (checks: EvidenceCheck[]) => checks.every((c) => c.passed);
