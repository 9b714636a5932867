/**
 * An image's dimensions from its header alone (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X), read before
 * anything decodes it: a decompression bomb is refused by what it claims, and a truncated or fake
 * header is found without a decoder. The upload service already matched the magic bytes.
 */

export interface Dimensions {
  width: number;
  height: number;
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
