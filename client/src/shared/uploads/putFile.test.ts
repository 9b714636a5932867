import { afterEach, describe, expect, it, vi } from 'vitest';
import { putFile, UploadError } from './putFile';

/** A stand-in XHR that reports two progress events, then answers `status` with `body`. */
function fakeXhr(status: number, body = '') {
  const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(payload: unknown) {
      sent.push({ ...this.request, body: payload });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 });
      this.status = status;
      this.responseText = body;
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('putFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('PUTs the file in one shot with its type and reports progress', async () => {
    const sent = fakeXhr(200);
    const file = new File(['abcd'], 'me.png', { type: 'image/png' });
    const progress: number[] = [];
    await putFile('http://localhost/api/uploads/1?sig=x', file, (p) => progress.push(p));
    expect(sent).toEqual([{ method: 'PUT', url: 'http://localhost/api/uploads/1?sig=x', headers: { 'Content-Type': 'image/png' }, body: file }]);
    expect(progress).toEqual([25, 100]);
  });

  it("rejects with the server's message, or 'Please try again'", async () => {
    fakeXhr(413, JSON.stringify({ statusCode: 413, message: 'The file is larger than 10 MB', error: 'File Too Large' }));
    await expect(putFile('u', new Blob(['x']), () => undefined)).rejects.toEqual(new UploadError('The file is larger than 10 MB'));
    fakeXhr(502, '<html>bad gateway</html>');
    await expect(putFile('u', new Blob(['x']), () => undefined)).rejects.toEqual(new UploadError('Please try again'));
  });
});
