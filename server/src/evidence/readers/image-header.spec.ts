import { jpegHeader, pngImage, webpHeader } from '../../../test/support/proof-files';
import { imageDimensions } from './image-header';

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
