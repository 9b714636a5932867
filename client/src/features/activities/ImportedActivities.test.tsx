import type { ActivityView } from '@contract';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAppStore } from '../../app/store';
import { jsonResponse, makeActivity, mockFetch } from '../../test/fixtures';
import { ImportedActivities } from './ImportedActivities';

const activity = (id: string, startedAt: string, minutes: number): ActivityView =>
  makeActivity({
    id,
    startedAt,
    format: 'tcx',
    kind: 'cycling',
    durationSeconds: minutes * 60,
    distanceMeters: 30_500,
    heartRateAvg: 131,
    heartRateMax: 162,
    calories: 700,
    steps: null,
    device: 'Edge 530',
  });

function show(activities: ActivityView[]) {
  mockFetch((url) => (new URL(url).pathname === '/api/activities/u1' ? jsonResponse(activities) : jsonResponse({})));
  render(
    <Provider store={createAppStore()}>
      <ImportedActivities userId="u1" />
    </Provider>,
  );
}

describe('imported activities on the progress page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('charts active minutes per week and lists each activity with what its file showed', async () => {
    // A minute ago: this week's bar, whatever day the suite runs.
    const recently = new Date(Date.now() - 60_000).toISOString();
    show([activity('a2', recently, 95), activity('a1', recently, 40)]);
    const list = await screen.findByRole('list', { name: 'Imported activities' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('CYCLING · 1 H 35 MIN · 30.50 KM · HR 131/162 · 700 KCAL');
    expect(rows[0].textContent).toContain('TCX · Edge 530');
    const chart = screen.getByRole('img', { name: 'Active minutes of imported activities per week, last 8 weeks' });
    const bars = [...chart.querySelectorAll('rect title')].map((t) => t.textContent!.split(': ')[1]);
    expect(bars).toEqual([...Array(7).fill('0 min'), '135 min']);
  });

  it('says how to import one when there is none', async () => {
    show([]);
    expect(await screen.findByText(/^NO_IMPORTED_ACTIVITIES: upload a FIT, TCX or GPX file/)).toBeTruthy();
  });
});
