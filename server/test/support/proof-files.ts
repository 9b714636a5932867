import { crc32, deflateSync } from 'node:zlib';

/**
 * Real, small proof files built byte by byte, so tests upload what a phone would send: a PNG (a
 * complete image any viewer opens), JPEG and WebP headers, an MP4 and a WebM container. `seed`
 * changes the content (and so the sha256): each validation needs never-used files.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG: a lime-on-dark diagonal pattern shifted by `seed`. */
export function pngImage(width = 96, height = 96, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then pixels
    for (let x = 0; x < width; x++) {
      const on = (x + y + seed) % 16 < 8;
      row.set(on ? [0xa3, 0xe6, 0x35] : [0x10, 0x14, 0x18], 1 + x * 3);
    }
    rows.push(row);
  }
  const seedChunk = pngChunk('tEXt', Buffer.from(`Comment\0seed ${seed}`, 'latin1'));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    seedChunk,
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's markers up to its frame header (SOI, JFIF APP0, SOF0), then EOI: enough for header checks. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof0 = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}

/** A WebP (VP8X, extended) header with this canvas size. */
export function webpHeader(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + vp8x.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, vp8x]);
}

function box(type: string, payload: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
}

/** An MP4 container: ftyp, a moov with a movie header, and an mdat whose bytes depend on `seed` (`mdatBytes` of them for a phone-sized video). */
export function mp4Video(seed = 0, brand = 'isom', mdatBytes?: number): Buffer {
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\x02\0isomiso2mp41`, 'latin1'));
  const mvhd = box('mvhd', Buffer.alloc(100));
  const frames = Buffer.from(`frames of workout ${seed}`.repeat(8));
  return Buffer.concat([
    ftyp,
    box('moov', mvhd),
    box('mdat', mdatBytes === undefined ? frames : Buffer.alloc(mdatBytes, frames)),
  ]);
}

/** A WebM container: an EBML header with DocType webm, then a Segment of unknown size. */
export function webmVideo(seed = 0): Buffer {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm', 'latin1')]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType]);
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([header, segment, Buffer.from(`cluster ${seed}`, 'latin1')]);
}
