import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportPicker } from './ReportPicker';

describe('ReportPicker', () => {
  // jsdom has no ResizeObserver; the dashboard only uses it to adapt its layout.
  beforeEach(() => vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} }));
  afterEach(() => vi.unstubAllGlobals());

  it('mounts Uppy’s dashboard inline at SPEC’s 750 × 550, and removes it on unmount', () => {
    const { container, unmount } = render(<ReportPicker getUploadUrl={vi.fn()} onUploaded={vi.fn()} onFailed={vi.fn()} />);
    const inner = container.querySelector<HTMLElement>('.uppy-Dashboard-inner');
    expect(inner).not.toBeNull();
    expect(inner!.style.width).toBe('750px');
    expect(inner!.style.height).toBe('550px');
    expect(container.textContent).toContain('PDF, JPEG or PNG · max 10MB');
    unmount();
    expect(container.querySelector('.uppy-Dashboard')).toBeNull();
  });
});
