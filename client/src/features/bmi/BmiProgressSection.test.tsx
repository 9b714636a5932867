import type { BmiRecordView } from '@contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, makeUser, mockFetch, renderApp, signedInStore } from '../../test/fixtures';

const USER = makeUser({ height: null, weight: null });

const RECORDS: BmiRecordView[] = [
  {
    id: 'r2',
    bmi: 24.3,
    category: 'Normal',
    height: 180,
    weight: 78.7,
    createdAt: '2026-11-20T10:00:00.000Z',
    source: 'calculator',
  },
  {
    id: 'r1',
    bmi: 23.9,
    category: 'Normal',
    height: 180,
    weight: 77.5,
    createdAt: '2026-11-01T10:00:00.000Z',
    source: 'calculator',
  },
];

/** A fake API: the progress page's reads, and POST /api/bmi answering `calculate`. */
function serve(
  records: BmiRecordView[],
  calculate: (body: unknown) => Response = () => jsonResponse({ bmi: 22.5, category: 'Normal' }),
) {
  const sent: unknown[] = [];
  mockFetch(async (url, request) => {
    const path = new URL(url).pathname;
    if (path === '/api/user') return jsonResponse(USER);
    if (path === `/api/bmi/${USER.id}`) return jsonResponse(records);
    // The page's training-log charts, empty: this member has logged no set.
    if (path === '/api/log/progress') return jsonResponse({ weeks: [], e1rm: [], volume: [] });
    if (path.endsWith('/confirm') && request.method === 'POST') {
      sent.push({ confirm: path.split('/')[3] });
      return jsonResponse({ height: 180, weight: 80.5 });
    }
    if (path === '/api/bmi' && request.method === 'POST') {
      const body = await request.json();
      sent.push(body);
      return calculate(body);
    }
    return jsonResponse([]);
  });
  const store = signedInStore(USER);
  renderApp('/progress', store);
  return { store, sent };
}

async function submit(height: string, weight: string) {
  await userEvent.type(await screen.findByLabelText('HEIGHT (CM)'), height);
  await userEvent.type(screen.getByLabelText('WEIGHT (KG)'), weight);
  await userEvent.click(screen.getByRole('button', { name: 'CALCULATE_BMI' }));
}

describe('BMI on the progress page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("labels a report's BMI as the report's own, with its date, and offers its figures when they differ from the profile's", async () => {
    const report: BmiRecordView = {
      id: 'r3',
      bmi: 23.4,
      category: 'Normal',
      height: 180,
      weight: 80.5,
      createdAt: '2026-11-25T10:00:00.000Z',
      source: 'report',
    };
    const { sent } = serve([report, ...RECORDS]);
    expect((await screen.findByTestId('bmi-source', {}, { timeout: 5000 })).textContent).toBe(
      "The report's own BMI, Nov 25, 2026",
    );
    await userEvent.click(screen.getByRole('button', { name: 'USE_REPORT_FIGURES' }));
    await waitFor(() => expect(sent).toContainEqual({ confirm: 'r3' }));
  });

  it('shows NO_BMI_DATA without records', async () => {
    serve([]);
    expect(await screen.findByText('NO_BMI_DATA')).toBeTruthy();
  });

  it('shows the current BMI, category, trend against the previous record, the count and both trend charts', async () => {
    serve(RECORDS);
    expect((await screen.findByTestId('bmi-current')).textContent).toBe('24.3');
    expect(screen.getByTestId('bmi-category').textContent).toBe('NORMAL');
    expect(screen.getByTestId('bmi-trend').textContent).toBe('+0.4');
    expect(screen.getByTestId('bmi-count').textContent).toBe('2');
    expect(screen.getByRole('img', { name: 'BMI over time' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Weight over time' })).toBeTruthy();
  });

  it('calculates: sends height, weight and userId, toasts the product’s success text', async () => {
    const { store, sent } = serve([]);
    await submit('170', '65');
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'BMI Calculated Successfully!',
        description: 'Your BMI is 22.5 (Normal)',
      }),
    );
    expect(sent).toEqual([{ height: '170', weight: '65', userId: USER.id }]);
    expect(screen.getByTestId('bmi-result').textContent).toBe('BMI 22.5 · NORMAL');
  });

  it('sends a weight typed with a decimal comma as a decimal, and shows a whole BMI with one decimal', async () => {
    const { store, sent } = serve([], () => jsonResponse({ bmi: 30, category: 'Obese' }));
    await submit('170', '86,7');
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ description: 'Your BMI is 30.0 (Obese)' }),
    );
    expect(sent).toEqual([{ height: '170', weight: '86.7', userId: USER.id }]);
  });

  it('toasts the server’s validation title and text', async () => {
    const { store } = serve([], () =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'BMI_INVALID_MEASUREMENT',
          message: 'Height must be between 100-250 cm.',
          error: 'Invalid Height',
        },
        400,
      ),
    );
    await submit('90', '65');
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Invalid Height',
        description: 'Height must be between 100-250 cm.',
        variant: 'destructive',
      }),
    );
  });

  it('toasts the generic failure when the server fails', async () => {
    const { store } = serve([], () => new Response('boom', { status: 500 }));
    await submit('170', '65');
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        description: 'Failed to calculate BMI. Please try again.',
        variant: 'destructive',
      }),
    );
  });
});
