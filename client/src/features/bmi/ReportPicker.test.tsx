import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { REPORT_MAX_BYTES, ReportPicker, reportProblem } from './ReportPicker';

describe('ReportPicker', () => {
  // jsdom has no ResizeObserver; the dashboard only uses it to adapt its layout.
  beforeEach(() =>
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('mounts Uppy’s dashboard inline at the product’s 750 × 550, and removes it on unmount', () => {
    const { container, unmount } = render(
      <ReportPicker getUploadUrl={vi.fn()} onUploaded={vi.fn()} onFailed={vi.fn()} />,
    );
    const inner = container.querySelector<HTMLElement>('.uppy-Dashboard-inner');
    expect(inner).not.toBeNull();
    expect(inner!.style.width).toBe('750px');
    expect(inner!.style.height).toBe('550px');
    expect(container.textContent).toContain('PDF, JPEG or PNG · max 10MB');
    unmount();
    expect(container.querySelector('.uppy-Dashboard')).toBeNull();
  });

  it('names the picked file a list item of a list (Uppy leaves a single file without its list)', async () => {
    const { container } = render(<ReportPicker getUploadUrl={vi.fn()} onUploaded={vi.fn()} onFailed={vi.fn()} />);
    const input = container.querySelector<HTMLInputElement>('.uppy-Dashboard-input')!;
    await userEvent.upload(input, new File(['%PDF-1.4'], 'inbody.pdf', { type: 'application/pdf' }));
    const item = await screen.findByRole('listitem');
    // Its nearest ancestor with a role other than presentation, as ARIA reads it.
    const owner = () => item.parentElement?.closest('[role]:not([role="presentation"])')?.getAttribute('role');
    await waitFor(() => expect(owner()).toBe('list'));
  });

  it('refuses a file of the wrong type or over 10 MB before uploading, and says why', async () => {
    const getUploadUrl = vi.fn();
    const onFailed = vi.fn();
    const { container } = render(<ReportPicker getUploadUrl={getUploadUrl} onUploaded={vi.fn()} onFailed={onFailed} />);
    const input = container.querySelector<HTMLInputElement>('.uppy-Dashboard-input')!;
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(onFailed).toHaveBeenCalledWith('Send the report as a PDF, JPEG or PNG file');
    expect(container.querySelector('[role="listitem"]')).toBeNull();
    expect(getUploadUrl).not.toHaveBeenCalled();
  });
});

describe('reportProblem', () => {
  it('accepts a PDF, JPEG or PNG up to 10485760 bytes', () => {
    expect(reportProblem({ type: 'application/pdf', size: REPORT_MAX_BYTES })).toBeNull();
    expect(reportProblem({ type: 'image/png', size: REPORT_MAX_BYTES + 1 })).toBe('The file is larger than 10 MB');
    expect(reportProblem({ type: 'image/webp', size: 10 })).toBe('Send the report as a PDF, JPEG or PNG file');
  });
});
