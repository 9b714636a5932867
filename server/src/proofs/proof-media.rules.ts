/**
 * Structural checks of proof files, from their bytes alone: an image's dimensions from its header
 * (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X) and a video's container (MP4/QuickTime boxes, WebM EBML).
 * The upload service already matched the magic bytes; these catch truncated, fake and tiny files.
 */

/** Images smaller than this on either side cannot show a person, a place or a watch face. */
export const MIN_IMAGE_SIDE = 64;

export interface Dimensions {
  width: number;
  height: number;
}

export interface StructureCheck {
  passed: boolean;
  detail: string;
  width: number | null;
  height: number | null;
}

const ascii = (bytes: Buffer, start: number, length: number) => bytes.toString('latin1', start, start + length);

function pngDimensions(bytes: Buffer): Dimensions | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (reserved) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
/** Markers without a length field (RSTn, SOI, TEM). */
const isStandalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd8) || marker === 0x01;

function jpegDimensions(bytes: Buffer): Dimensions | null {
  let i = 2;
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (isStandalone(marker)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    if (isStartOfFrame(marker)) {
      if (i + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return null;
}

function webpDimensions(bytes: Buffer): Dimensions | null {
  if (bytes.length < 30) return null;
  switch (ascii(bytes, 12, 4)) {
    case 'VP8 ': // lossy: a key frame's start code, then 14-bit sizes
      if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    case 'VP8L': {
      // lossless: signature 0x2f, then width-1 and height-1 in 14 bits each
      if (bytes[20] !== 0x2f) return null;
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    case 'VP8X': // extended: canvas width-1 and height-1 in 24 bits each
      return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    default:
      return null;
  }
}

/** Width and height from an image's header, or null when the header is not readable. */
export function imageDimensions(bytes: Buffer, mime: string): Dimensions | null {
  if (mime === 'image/png') return pngDimensions(bytes);
  if (mime === 'image/jpeg') return jpegDimensions(bytes);
  if (mime === 'image/webp') return webpDimensions(bytes);
  return null;
}

/** The top-level box types of an ISO base media file (MP4, QuickTime), or null if the boxes do not add up. */
export function topLevelBoxes(bytes: Buffer): string[] | null {
  const types: string[] = [];
  let i = 0;
  while (i < bytes.length) {
    if (i + 8 > bytes.length) return null;
    let size = bytes.readUInt32BE(i);
    const type = ascii(bytes, i + 4, 4);
    if (size === 1) {
      if (i + 16 > bytes.length) return null;
      size = Number(bytes.readBigUInt64BE(i + 8));
    } else if (size === 0) {
      size = bytes.length - i; // "to the end of the file"
    }
    if (size < 8 || i + size > bytes.length) return null;
    types.push(type);
    i += size;
  }
  return types;
}

/** An EBML variable-length integer at `at`: its value and byte length (unknown sizes read as null). */
function readVint(bytes: Buffer, at: number): { value: number | null; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let k = 1; k < length; k++) {
    value = value * 256 + bytes[at + k];
    allOnes &&= bytes[at + k] === 0xff;
  }
  return { value: allOnes ? null : value, length };
}

const EBML_ID = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const SEGMENT_ID = Buffer.from([0x18, 0x53, 0x80, 0x67]);

/** A WebM starts with an EBML header whose DocType is webm, followed by a Segment. */
export function isWebmContainer(bytes: Buffer): boolean {
  if (!bytes.subarray(0, 4).equals(EBML_ID)) return false;
  const headerSize = readVint(bytes, 4);
  if (!headerSize || headerSize.value === null) return false;
  const headerEnd = 4 + headerSize.length + headerSize.value;
  if (headerEnd + 4 > bytes.length || !bytes.subarray(4, headerEnd).includes('webm', 0, 'latin1')) return false;
  return bytes.subarray(headerEnd, headerEnd + 4).equals(SEGMENT_ID);
}

function videoProblem(bytes: Buffer, mime: string): string | null {
  if (mime === 'video/webm') return isWebmContainer(bytes) ? null : 'The workout video is not a complete WebM file';
  const boxes = topLevelBoxes(bytes);
  if (!boxes || boxes[0] !== 'ftyp' || !boxes.includes('moov')) return 'The workout video is not a complete MP4/MOV file';
  return null;
}

/** The structural verdict on one proof file. */
export function checkStructure(bytes: Buffer, mime: string): StructureCheck {
  if (mime.startsWith('video/')) {
    const problem = videoProblem(bytes, mime);
    return { passed: !problem, detail: problem ?? 'Video container is complete', width: null, height: null };
  }
  const size = imageDimensions(bytes, mime);
  if (!size) return { passed: false, detail: 'The image header could not be read', width: null, height: null };
  const { width, height } = size;
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) {
    return { passed: false, detail: `The image is too small (${width}×${height}); send a real photo or screenshot`, width, height };
  }
  return { passed: true, detail: `Image ${width}×${height}`, width, height };
}
