import type { BmiAnalysis, UploadUrlResponse } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, makeUser, mockFetch, renderApp, signedInStore } from '../../test/fixtures';

// The picker is replaced by buttons standing for its outcomes: these tests are about the dialog's flow.
vi.mock('./ReportPicker', () => ({
  ReportPicker: ({
    getUploadUrl,
    onUploaded,
    onFailed,
  }: {
    getUploadUrl: (f: { size: number }) => Promise<UploadUrlResponse>;
    onUploaded: (url: string) => void;
    onFailed: (reason?: string) => void;
  }) => (
    <div data-testid="bmi-picker">
      <button
        type="button"
        onClick={() =>
          void getUploadUrl({ size: 1234 }).then(
            (target) => onUploaded(target.uploadURL),
            (error: Error) => onFailed(error.message),
          )
        }
      >
        fake-upload
      </button>
      <button type="button" onClick={() => onFailed()}>
        fake-fail
      </button>
      <button type="button" onClick={() => onFailed('The file is larger than 10 MB')}>
        fake-refuse
      </button>
    </div>
  ),
}));

const USER = makeUser();
const UPLOAD_URL = 'http://localhost/api/uploads/65f0c0ffee0000000000cafe?sig=1';
const ANALYSIS: BmiAnalysis = {
  bmiValue: 22.7,
  bodyFatPercentage: 17.7,
  muscleMass: 33.9,
  analysis: 'Your BMI of 22.7 is within the healthy range (18.5–24.9) (Normal).',
  recommendations: ['Keep a balanced routine.', 'Upload a new report every month.'],
};

function serve(
  analyze: () => Response = () => jsonResponse(ANALYSIS),
  uploadUrl: () => Response = () => jsonResponse({ uploadURL: UPLOAD_URL }),
) {
  const calls: { path: string; body: unknown; jobKey: string | null }[] = [];
  mockFetch(async (url, request) => {
    const path = new URL(url).pathname;
    if (path === '/api/user') return jsonResponse(USER);
    if (path === '/api/bmi/upload-url') {
      calls.push({ path, body: await request.json(), jobKey: null });
      return uploadUrl();
    }
    if (path === '/api/bmi/analyze') {
      calls.push({ path, body: await request.json(), jobKey: request.headers.get('x-job-key') });
      return analyze();
    }
    if (path.startsWith('/api/jobs/')) return jsonResponse({ id: path, state: 'active', progress: 30 });
    return jsonResponse({
      publicUrl: 'http://localhost',
      solanaCluster: 'devnet',
      solanaRpcUrl: 'x',
      treasuryAddress: 'x',
      aiEngine: 'LOCAL',
      twitterLogin: false,
    });
  });
  const store = signedInStore(USER);
  renderApp('/dashboard', store);
  return { store, calls };
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'UPLOAD_BMI' }));
  return within(await screen.findByRole('dialog', { name: 'BMI_REPORT_UPLOAD' }));
}

describe('BMI_REPORT_UPLOAD dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens from UPLOAD_BMI and states formats, size, report kinds and the rank note', async () => {
    serve();
    const dialog = await openDialog();
    expect(dialog.getByText(/PDF, JPEG, PNG/)).toBeTruthy();
    expect(dialog.getByText('10MB')).toBeTruthy();
    expect(dialog.getByText('Reports: BMI test, InBody scan, DEXA scan')).toBeTruthy();
    expect(dialog.getByText(/every month to improve your profile rank/)).toBeTruthy();
    expect(dialog.getByTestId('bmi-picker')).toBeTruthy();
  });

  it('uploads, analyses with a job key, then shows the result and closes', async () => {
    const { store, calls } = serve();
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'fake-upload' }));
    expect(await dialog.findByTestId('result-BMI')).toBeTruthy();
    expect(dialog.getByTestId('result-BMI').textContent).toBe('22.7');
    expect(dialog.getByTestId('result-BODY_FAT').textContent).toBe('17.7%');
    expect(dialog.getByTestId('result-MUSCLE_MASS').textContent).toBe('33.9 KG');
    expect(dialog.getByText(ANALYSIS.analysis)).toBeTruthy();
    expect(dialog.getAllByRole('listitem').map((li) => li.textContent)).toEqual(ANALYSIS.recommendations);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Analysis Complete',
      description: 'Your BMI report has been analyzed successfully',
    });
    expect(calls[0]).toMatchObject({ path: '/api/bmi/upload-url', body: { size: 1234 } });
    expect(calls[1]).toMatchObject({ path: '/api/bmi/analyze', body: { fileUrl: UPLOAD_URL, reportType: 'bmi' } });
    expect(calls[1].jobKey).toMatch(/^[0-9a-f-]{36}$/);
    await userEvent.click(dialog.getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes back to the picker with the product’s toast when the analysis fails', async () => {
    const { store } = serve(() =>
      jsonResponse({ statusCode: 422, message: 'No BMI value could be read', error: 'Analysis Failed' }, 422),
    );
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'fake-upload' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Analysis Failed',
        description: 'Failed to analyze your BMI report',
        variant: 'destructive',
      }),
    );
    expect(await dialog.findByTestId('bmi-picker')).toBeTruthy();
    expect(dialog.getByRole('status').textContent).toBe('No BMI value could be read');
  });

  it('toasts Upload Failed and keeps the picker when the upload fails', async () => {
    const { store } = serve();
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'fake-fail' }));
    expect(store.getState().toast.current).toMatchObject({
      title: 'Upload Failed',
      description: 'Please try again',
      variant: 'destructive',
    });
    expect(dialog.getByTestId('bmi-picker')).toBeTruthy();
    expect(dialog.queryByRole('status')).toBeNull();
  });

  it('shows why under the toast: the picker refusing a file, or the server refusing its size', async () => {
    const { store } = serve(undefined, () =>
      jsonResponse(
        {
          statusCode: 413,
          message: 'The file is larger than the 10 MB this upload allows',
          error: 'Payload Too Large',
        },
        413,
      ),
    );
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'fake-refuse' }));
    expect(store.getState().toast.current).toMatchObject({ title: 'Upload Failed', description: 'Please try again' });
    expect(dialog.getByRole('status').textContent).toBe('The file is larger than 10 MB');
    await userEvent.click(dialog.getByRole('button', { name: 'fake-upload' }));
    await waitFor(() =>
      expect(dialog.getByRole('status').textContent).toBe('The file is larger than the 10 MB this upload allows'),
    );
  });
});
