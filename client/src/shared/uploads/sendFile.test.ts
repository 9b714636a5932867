import { afterEach, describe, expect, it, vi } from 'vitest';

import { sendFile, UploadError } from './sendFile';

/** What the fake network does with one request: answer (after `sent` bytes of progress), drop the connection, or stay silent. */
type Behaviour = { status: number; body?: unknown; sent?: number } | { drop: true; sent?: number } | { silent: true };

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as text (the tests' files are text). */
  body: string | null;
}

/** A stand-in XHR that plays `script`, one behaviour per request, and records each request. */
function fakeNetwork(script: Behaviour[]) {
  const sent: Sent[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
    onprogress: (() => void) | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    aborted = false;
    private request: Sent = { method: '', url: '', headers: {}, body: null };
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    abort() {
      this.aborted = true;
    }
    async send(payload: Blob | null) {
      sent.push({ ...this.request, body: payload ? await readText(payload) : null });
      const behaviour = script.shift() ?? { status: 500 };
      if ('silent' in behaviour) return;
      if (behaviour.sent !== undefined) this.upload.onprogress?.({ loaded: behaviour.sent });
      if ('drop' in behaviour) return this.onerror?.();
      this.status = behaviour.status;
      this.responseText = behaviour.body === undefined ? '' : JSON.stringify(behaviour.body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** jsdom's Blob has no text(). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

const noWait = async () => undefined;
const file = (text: string, type = 'video/mp4') => new File([text], 'set.mp4', { type });

describe('sendFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('to the part URLs the answer names (S3 multipart upload)', () => {
    const target = {
      uploadURL: 'http://localhost/api/uploads/1?sig=x',
      parts: {
        bytes: 4,
        urls: ['https://bucket.example/uploads/1?partNumber=1', 'https://bucket.example/uploads/1?partNumber=2'],
      },
    };
    const held = (received: number) => ({ status: 200, body: { received, finished: false, sha256: null } });

    it('PUTs each part to its own URL with the file type, reporting progress over the whole file', async () => {
      const sent = fakeNetwork([
        { status: 200, sent: 2 },
        { status: 200, sent: 3 },
      ]);
      const progress: number[] = [];
      await sendFile(target, file('abcdefg', 'image/png'), { onProgress: (p) => progress.push(p) });
      expect(sent).toEqual([
        { method: 'PUT', url: target.parts.urls[0], headers: { 'Content-Type': 'image/png' }, body: 'abcd' },
        { method: 'PUT', url: target.parts.urls[1], headers: { 'Content-Type': 'image/png' }, body: 'efg' },
      ]);
      expect(progress).toEqual([0, 28, 57, 100, 100]);
    });

    it('after a dropped part asks the upload URL what the store holds and sends only the rest, saying which retry comes', async () => {
      const sent = fakeNetwork([{ status: 200 }, { drop: true, sent: 2 }, held(4), { status: 200 }]);
      const retries: Array<[number, number]> = [];
      await sendFile(target, file('abcdefg'), {
        onProgress: () => undefined,
        onRetry: (n, of) => retries.push([n, of]),
        wait: noWait,
      });
      expect(sent.map((r) => `${r.method} ${r.url} ${r.body ?? ''}`.trim())).toEqual([
        `PUT ${target.parts.urls[0]} abcd`,
        `PUT ${target.parts.urls[1]} efg`,
        `GET ${target.uploadURL}`,
        `PUT ${target.parts.urls[1]} efg`,
      ]);
      expect(retries).toEqual([[1, 5]]);
    });

    it("refuses with the store's status, without retrying a refusal; gives up after the last retry", async () => {
      fakeNetwork([{ status: 403 }]);
      await expect(sendFile(target, file('x'), { onProgress: () => undefined, wait: noWait })).rejects.toEqual(
        new UploadError('Please try again', 403),
      );
      const sent = fakeNetwork([{ status: 502 }, held(0), { status: 502 }, held(0), { status: 502 }]);
      await expect(
        sendFile(target, file('x'), { onProgress: () => undefined, wait: noWait, delays: [1, 1] }),
      ).rejects.toEqual(new UploadError('Please try again', 502));
      expect(sent.map((r) => r.method)).toEqual(['PUT', 'GET', 'PUT', 'GET', 'PUT']);
    });
  });

  describe('to a resumable URL (the disk driver)', () => {
    const target = { uploadURL: 'http://localhost/api/uploads/1?sig=x' };
    const held = (received: number, finished = false) => ({
      status: 200,
      body: { received, finished, sha256: finished ? 'f00d' : null },
    });
    const summary = (sent: Sent[]) =>
      sent.map((r) => `${r.method} ${r.headers['Content-Range'] ?? ''} ${r.body ?? ''}`.trim());

    it('sends the file in parts, each with its Content-Range, and continues a dropped part from what the server kept', async () => {
      const sent = fakeNetwork([held(4), { drop: true, sent: 2 }, held(6), held(10, true)]);
      const progress: number[] = [];
      const retries: Array<[number, number]> = [];
      await sendFile(target, file('0123456789'), {
        onProgress: (p) => progress.push(p),
        onRetry: (n, of) => retries.push([n, of]),
        wait: noWait,
        partBytes: 4,
      });
      expect(summary(sent)).toEqual([
        'PATCH bytes 0-3/10 0123',
        'PATCH bytes 4-7/10 4567',
        'GET',
        'PATCH bytes 6-9/10 6789',
      ]);
      expect(sent[0].headers['Content-Type']).toBe('application/offset+octet-stream');
      expect(retries).toEqual([[1, 5]]);
      // Progress counts what the server holds: it does not fall back to 0 on the retry.
      expect(progress).toEqual([0, 40, 60, 60, 100]);
    });

    it('abandons a request that stays silent and retries it', async () => {
      const sent = fakeNetwork([{ silent: true }, held(0), held(3, true)]);
      await sendFile(target, file('abc'), { onProgress: () => undefined, wait: noWait, stallMs: 20 });
      expect(summary(sent)).toEqual(['PATCH bytes 0-2/3 abc', 'GET', 'PATCH bytes 0-2/3 abc']);
    });

    it('finishes without sending when the server already has the whole file (the last answer was lost)', async () => {
      const sent = fakeNetwork([{ drop: true, sent: 3 }, held(3, true)]);
      await sendFile(target, file('abc'), { onProgress: () => undefined, wait: noWait });
      expect(summary(sent)).toEqual(['PATCH bytes 0-2/3 abc', 'GET']);
    });

    it('resumes an earlier upload from what the server holds', async () => {
      const sent = fakeNetwork([held(2), held(3, true)]);
      await sendFile(target, file('abc'), { onProgress: () => undefined, resume: true });
      expect(summary(sent)).toEqual(['GET', 'PATCH bytes 2-2/3 c']);
    });

    it('while the browser is offline, waits for the network before the retry instead of spending retries', async () => {
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const sent = fakeNetwork([{ drop: true, sent: 1 }, held(1), held(3, true)]);
      const retries: number[] = [];
      const upload = sendFile(target, file('abc'), {
        onProgress: () => undefined,
        onRetry: (n) => retries.push(n),
        delays: [1, 1],
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(summary(sent)).toEqual(['PATCH bytes 0-2/3 abc']);
      expect(retries).toEqual([1]);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      await upload;
      expect(summary(sent)).toEqual(['PATCH bytes 0-2/3 abc', 'GET', 'PATCH bytes 1-2/3 bc']);
      expect(retries).toEqual([1]);
    });

    it('gives up after five retries with a lost connection', async () => {
      fakeNetwork(Array.from({ length: 11 }, () => ({ drop: true as const })));
      const retries: number[] = [];
      const failure = sendFile(target, file('abc'), {
        onProgress: () => undefined,
        onRetry: (n) => retries.push(n),
        wait: noWait,
      });
      await expect(failure).rejects.toEqual(
        new UploadError('The connection was lost before the upload finished', undefined, true),
      );
      expect(retries).toEqual([1, 2, 3, 4, 5]);
    });
  });
});
