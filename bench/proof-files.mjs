// Proof files as small as the uploads accept: the headers their type sniffing reads
// (server/src/uploads/uploads.rules.ts), with `seed` written inside so every file has a sha256 of its
// own (a proof file is used once, ever). The local checks refuse them: the scale bench sends them
// only where validate-all refuses before checking (a day already validated); genuine files are
// server/test/support/evidence-samples.ts.

/** A JPEG: SOI, a comment carrying the seed, a baseline frame header of this size, EOI. */
function jpeg({ width, height }, seed) {
  const comment = Buffer.from(`seed ${seed}`, 'latin1');
  const commentHeader = Buffer.from([0xff, 0xfe, 0, 0]);
  commentHeader.writeUInt16BE(2 + comment.length, 2);
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), commentHeader, comment, frame, Buffer.from([0xff, 0xd9])]);
}

/** An ISO box: 32-bit size, type, payload. */
function box(type, payload) {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
}

/** An MP4: ftyp, a moov with a movie header, and an mdat holding the seed. */
function mp4(_size, seed) {
  return Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')), box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.from(`seed ${seed}`, 'latin1'))]);
}

/** What a phone sends for each proof kind: its type and, for images, a typical size in pixels. */
export const PROOF_FILES = {
  gym_selfie: { mime: 'image/jpeg', pixels: { width: 1080, height: 1440 }, build: jpeg },
  workout_video: { mime: 'video/mp4', pixels: null, build: mp4 },
  apple_watch: { mime: 'image/jpeg', pixels: { width: 396, height: 484 }, build: jpeg },
};

/** The bytes of one `kind` proof file, different for every seed. */
export function proofFile(kind, seed) {
  const { pixels, build } = PROOF_FILES[kind];
  return build(pixels, seed);
}
