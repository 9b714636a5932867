import { jpegHeader, mp4Video, pngImage, webmVideo, webpHeader } from '../../test/support/proof-files';
import { checkStructure, imageDimensions, isWebmContainer, topLevelBoxes } from './proof-media.rules';

describe('image dimensions from headers', () => {
  it('reads PNG IHDR', () => {
    expect(imageDimensions(pngImage(120, 80), 'image/png')).toEqual({ width: 120, height: 80 });
  });

  it('reads JPEG SOF after other segments', () => {
    expect(imageDimensions(jpegHeader(640, 480), 'image/jpeg')).toEqual({ width: 640, height: 480 });
  });

  it('reads WebP VP8X, VP8L and VP8', () => {
    expect(imageDimensions(webpHeader(300, 200), 'image/webp')).toEqual({ width: 300, height: 200 });

    const lossless = Buffer.alloc(30);
    lossless.write('RIFFxxxxWEBPVP8L', 0, 'latin1');
    lossless[20] = 0x2f;
    lossless.writeUInt32LE((300 - 1) | ((200 - 1) << 14), 21);
    expect(imageDimensions(lossless, 'image/webp')).toEqual({ width: 300, height: 200 });

    const lossy = Buffer.alloc(30);
    lossy.write('RIFFxxxxWEBPVP8 ', 0, 'latin1');
    lossy.set([0x9d, 0x01, 0x2a], 23);
    lossy.writeUInt16LE(320, 26);
    lossy.writeUInt16LE(240, 28);
    expect(imageDimensions(lossy, 'image/webp')).toEqual({ width: 320, height: 240 });
  });

  it('answers null for truncated or fake headers', () => {
    expect(imageDimensions(pngImage().subarray(0, 20), 'image/png')).toBeNull();
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBeNull();
    expect(imageDimensions(Buffer.from('RIFF....WEBPJUNK________________', 'latin1'), 'image/webp')).toBeNull();
  });
});

describe('video containers', () => {
  it('walks MP4 top-level boxes', () => {
    expect(topLevelBoxes(mp4Video())).toEqual(['ftyp', 'moov', 'mdat']);
    expect(topLevelBoxes(mp4Video().subarray(0, 40))).toBeNull();
  });

  it('recognises a WebM header followed by a Segment', () => {
    expect(isWebmContainer(webmVideo())).toBe(true);
    expect(isWebmContainer(webmVideo().subarray(0, 12))).toBe(false);
    const matroska = Buffer.from(webmVideo());
    matroska.write('mkvx', 8, 'latin1');
    expect(isWebmContainer(matroska)).toBe(false);
  });
});

describe('structural verdicts', () => {
  it('passes real-sized images and complete videos', () => {
    expect(checkStructure(pngImage(64, 64), 'image/png')).toEqual({ passed: true, detail: 'Image 64×64', width: 64, height: 64 });
    expect(checkStructure(mp4Video(), 'video/mp4').passed).toBe(true);
    expect(checkStructure(mp4Video(0, 'qt  '), 'video/quicktime').passed).toBe(true);
    expect(checkStructure(webmVideo(), 'video/webm').passed).toBe(true);
  });

  it('refuses tiny images, unreadable headers and an MP4 without its moov box', () => {
    expect(checkStructure(pngImage(63, 200), 'image/png')).toMatchObject({ passed: false, width: 63, height: 200 });
    expect(checkStructure(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg').passed).toBe(false);
    const noMoov = mp4Video().subarray(0, 28); // the ftyp box alone
    expect(checkStructure(noMoov, 'video/mp4')).toMatchObject({ passed: false, detail: 'The workout video is not a complete MP4/MOV file' });
  });
});
