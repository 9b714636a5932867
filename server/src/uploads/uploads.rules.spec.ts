import { describeTypes } from '../contract';
import {
  checkUploadSignature,
  parseContentRange,
  signUpload,
  sniffMime,
  uploadIdFromUrl,
  uploadSigningKey,
} from './uploads.rules';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffMime', () => {
  it.each([
    [bytes('%PDF-1.7\n%âãÏÓ'), 'application/pdf'],
    [bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF\0\x01'), 'image/jpeg'],
    [bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'image/png'],
    [bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    [bytes([0, 0, 0, 0x20], 'ftypisom'), 'video/mp4'],
    [bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    [bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81]), 'video/webm'],
  ])('recognises %#', (head, mime) => {
    expect(sniffMime(head)).toBe(mime);
  });

  it('recognises nothing else, whatever it claims to be', () => {
    expect(sniffMime(bytes('hello, I am a PNG'))).toBeNull();
    expect(sniffMime(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffMime(Buffer.alloc(0))).toBeNull();
  });
});

describe('upload signatures', () => {
  const key = uploadSigningKey('a-session-secret-of-at-least-32-characters');
  const id = '65f0c0ffee0000000000beef';
  const expiry = Date.UTC(2030, 0, 1);

  it('accepts its own signature until the expiry', () => {
    const sig = signUpload(key, id, expiry);
    expect(checkUploadSignature(key, id, sig, expiry - 1)).toBe('valid');
    expect(checkUploadSignature(key, id, sig, expiry)).toBe('expired');
  });

  it('refuses a signature for another id, a moved expiry or another key', () => {
    const sig = signUpload(key, id, expiry);
    expect(checkUploadSignature(key, '65f0c0ffee0000000000beee', sig, 0)).toBe('forged');
    expect(checkUploadSignature(key, id, sig.replace(String(expiry), String(expiry + 1000)), 0)).toBe('forged');
    expect(checkUploadSignature(uploadSigningKey('another-secret-of-at-least-32-characters!'), id, sig, 0)).toBe(
      'forged',
    );
    expect(checkUploadSignature(key, id, 'garbage', 0)).toBe('forged');
  });
});

describe('uploadIdFromUrl', () => {
  const prefixes = ['http://localhost:3000/api/uploads/'];
  it('reads the id from a URL this server issued, query or not', () => {
    expect(uploadIdFromUrl('http://localhost:3000/api/uploads/65f0c0ffee0000000000beef?sig=1.abc', prefixes)).toBe(
      '65f0c0ffee0000000000beef',
    );
    expect(uploadIdFromUrl('http://localhost:3000/api/uploads/65f0c0ffee0000000000beef', prefixes)).toBe(
      '65f0c0ffee0000000000beef',
    );
  });

  it.each([
    'https://evil.example/api/uploads/65f0c0ffee0000000000beef',
    'http://localhost:3000.evil.example/api/uploads/65f0c0ffee0000000000beef',
    'http://localhost:3000/api/uploads/65f0c0ffee0000000000beef/../x',
    'http://localhost:3000/api/uploads/../../etc/passwd',
    'file:///etc/passwd',
    'not a url',
  ])('answers null for %p', (url) => {
    expect(uploadIdFromUrl(url, prefixes)).toBeNull();
  });
});

describe('parseContentRange', () => {
  it('reads first, last (inclusive) and total bytes of a part', () => {
    expect(parseContentRange('bytes 0-5242879/52428800')).toEqual({ first: 0, last: 5242879, total: 52428800 });
    expect(parseContentRange('bytes 52428799-52428799/52428800')).toEqual({
      first: 52428799,
      last: 52428799,
      total: 52428800,
    });
  });

  it.each([
    undefined,
    '',
    'bytes */100', // a length query, not a part
    'bytes 0-99/*', // the total must be known
    'bytes 10-9/100', // ends before it starts
    'bytes 0-100/100', // past the end of the file
    'bytes -1-5/100',
    'bytes 0x0-5/100',
    'items 0-5/100',
    'bytes 0-5/100, 6-9/100',
    'bytes 0-5/1000000000000000000', // beyond exact integers
  ])('answers null for %p', (header) => {
    expect(parseContentRange(header)).toBeNull();
  });
});

it('describes accepted types for messages', () => {
  expect(describeTypes(['application/pdf', 'image/jpeg', 'image/png'])).toBe('PDF, JPEG or PNG');
});
