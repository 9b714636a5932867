import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { REPORT_MAX_BYTES, ReportPicker, reportProblem } from './ReportPicker';

/** A stand-in XHR answering each request 200 after reporting its whole body sent; records method and URL. */
function fakeStore(status = 200) {
  const sent: string[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
    onprogress = null;
    onload: (() => void) | null = null;
    onerror = null;
    status = 0;
    responseText = '';
    private line = '';
    open(method: string, url: string) {
      this.line = `${method} ${url}`;
    }
    setRequestHeader() {}
    abort() {}
    send(body: Blob | null) {
      sent.push(this.line);
      this.upload.onprogress?.({ loaded: body?.size ?? 0 });
      this.status = status;
      setTimeout(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const pdf = () => new File(['%PDF-1.4'], 'inbody.pdf', { type: 'application/pdf' });
const target = {
  uploadURL: 'http://localhost/api/uploads/1?sig=x',
  parts: { bytes: 5 * 1024 * 1024, urls: ['https://bucket.example/uploads/1?partNumber=1'] },
};

describe('ReportPicker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the drop area at the product’s 750 × 550 with its note, and a browse button that opens the file chooser', async () => {
    render(<ReportPicker getUploadUrl={vi.fn()} onUploaded={vi.fn()} onFailed={vi.fn()} />);
    const picker = screen.getByTestId('bmi-picker');
    expect(picker.style.width).toBe('750px');
    expect(picker.style.height).toBe('550px');
    expect(picker.textContent).toContain('Drop files here or browse files');
    expect(picker.textContent).toContain('PDF, JPEG or PNG · max 10MB');
    const input = screen.getByTestId<HTMLInputElement>('bmi-report-input');
    expect(input.accept).toBe('application/pdf,image/jpeg,image/png');
    const chooser = vi.spyOn(input, 'click');
    await userEvent.click(screen.getByRole('button', { name: 'browse files' }));
    expect(chooser).toHaveBeenCalled();
  });

  it('shows the picked file as the one item of a list, and sends it on "Upload 1 file" through the upload stack', async () => {
    const sent = fakeStore();
    const getUploadUrl = vi.fn().mockResolvedValue(target);
    const onUploaded = vi.fn();
    render(<ReportPicker getUploadUrl={getUploadUrl} onUploaded={onUploaded} onFailed={vi.fn()} />);
    await userEvent.upload(screen.getByTestId('bmi-report-input'), pdf());
    const item = screen.getByRole('listitem');
    expect(item.closest('ul')?.getAttribute('role') ?? 'list').toBe('list');
    expect(item.textContent).toContain('inbody.pdf');
    expect(item.textContent).toContain('8 bytes');
    expect(getUploadUrl).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(target.uploadURL));
    expect(getUploadUrl).toHaveBeenCalledWith({ size: 8 });
    expect(sent).toEqual([`PUT ${target.parts.urls[0]}`]);
  });

  it('takes a dropped file, and "Remove file" empties the picker again', async () => {
    render(<ReportPicker getUploadUrl={vi.fn()} onUploaded={vi.fn()} onFailed={vi.fn()} />);
    fireEvent.drop(screen.getByTestId('bmi-picker'), { dataTransfer: { files: [pdf()] } });
    expect(screen.getByRole('listitem').textContent).toContain('inbody.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.getByRole('button', { name: 'browse files' })).toBeTruthy();
  });

  it('refuses a file of the wrong type or over 10 MB before uploading, and says why', async () => {
    const getUploadUrl = vi.fn();
    const onFailed = vi.fn();
    render(<ReportPicker getUploadUrl={getUploadUrl} onUploaded={vi.fn()} onFailed={onFailed} />);
    await userEvent.upload(
      screen.getByTestId('bmi-report-input'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      { applyAccept: false },
    );
    expect(onFailed).toHaveBeenCalledWith('Send the report as a PDF, JPEG or PNG file');
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(getUploadUrl).not.toHaveBeenCalled();
  });

  it("passes on the upload URL's refusal and the store's", async () => {
    const onFailed = vi.fn();
    const { unmount } = render(
      <ReportPicker
        getUploadUrl={vi.fn().mockRejectedValue(new Error('The file is larger than 10 MB'))}
        onUploaded={vi.fn()}
        onFailed={onFailed}
      />,
    );
    await userEvent.upload(screen.getByTestId('bmi-report-input'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('The file is larger than 10 MB'));
    unmount();

    fakeStore(403);
    const refused = vi.fn();
    render(<ReportPicker getUploadUrl={vi.fn().mockResolvedValue(target)} onUploaded={vi.fn()} onFailed={refused} />);
    await userEvent.upload(screen.getByTestId('bmi-report-input'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(refused).toHaveBeenCalledWith('Please try again'));
  });
});

describe('reportProblem', () => {
  it('accepts a PDF, JPEG or PNG up to 10485760 bytes', () => {
    expect(reportProblem({ type: 'application/pdf', size: REPORT_MAX_BYTES })).toBeNull();
    expect(reportProblem({ type: 'image/png', size: REPORT_MAX_BYTES + 1 })).toBe('The file is larger than 10 MB');
    expect(reportProblem({ type: 'image/webp', size: 10 })).toBe('Send the report as a PDF, JPEG or PNG file');
  });
});
