import type { WorkoutView } from '@contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../../test/fixtures';
import { exercise, fakeApi, STARTED_AT, WORKOUT } from '../../../test/trainingServer';

const squat = {
  ...exercise(1),
  name: 'Back Squat',
  catalogueId: 'barbell-back-squat',
  prescription: '3 × 8 · rest 90 s',
  dose: { kind: 'reps' as const, sets: 3, reps: 8, restSeconds: 90, eachSide: false },
};
const TODAY: WorkoutView = { ...WORKOUT, exercises: [squat, exercise(2)], startedAt: STARTED_AT };

describe('logging a session set by set', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('prefills from last time, shows the plates, logs the set, starts the rest and announces a record', async () => {
    const { log } = fakeApi(TODAY);
    log.state.lastTime = {
      ex1: [{ ...logView('old', 0, 8, 100) }],
    };
    log.state.records = ['heaviest'];
    renderApp('/workouts');
    // The first render also loads the training screen's code.
    await screen.findByRole('form', { name: 'Back Squat set 1' }, { timeout: 5000 });
    const row = () => screen.getByRole('form', { name: 'Back Squat set 1' });
    const load = () => within(row()).getByRole('textbox', { name: /^Load \(kg\)/ }) as HTMLInputElement;
    // Last Monday's 100 kg × 8, on a 20 kg bar: 25 + 15 a side.
    await waitFor(() => expect(load().value).toBe('100'));
    expect(within(row()).getByTestId('plates').textContent).toBe('PLATES/SIDE 25 + 15 kg');
    await userEvent.clear(load());
    await userEvent.type(load(), '102.5');
    expect(within(row()).getByTestId('plates').textContent).toBe('PLATES/SIDE 25 + 15 + 1.25 kg');
    await userEvent.selectOptions(within(row()).getByRole('combobox', { name: /^RPE/ }), '8.5');
    await userEvent.click(within(row()).getByRole('button', { name: 'Log Back Squat set 1' }));

    expect(await screen.findByText('NEW PERSONAL RECORD 🏆')).toBeTruthy();
    expect(screen.getByText('Heaviest load')).toBeTruthy();
    expect(log.sent).toEqual([
      {
        method: 'PUT',
        key: expect.stringMatching(/^[\w-]{8,64}$/),
        body: expect.objectContaining({ exerciseId: 'ex1', order: 0, warmup: false, reps: 8, loadKg: 102.5, rpe: 8.5 }),
      },
    ]);
    const done = await screen.findByTestId('logged-set');
    expect(done.textContent).toContain('102.5 kg × 8 @ RPE 8.5');
    expect(within(done).getByText('PR')).toBeTruthy();

    const timer = screen.getByTestId('rest-timer');
    expect(within(timer).getByText('90 s')).toBeTruthy();
    await userEvent.click(within(timer).getByRole('button', { name: '+15 s' }));
    expect(within(timer).getByText('105 s')).toBeTruthy();
    // Kept on the device: a reload reads it back.
    expect(JSON.parse(localStorage.getItem('restTimer')!)).toMatchObject({ label: 'Back Squat', total: 105 });
    await userEvent.click(within(timer).getByRole('button', { name: 'SKIP' }));
    expect(screen.queryByTestId('rest-timer')).toBeNull();
  });

  it('keeps sets logged with no network waiting on the device, says so, and sends them once when it returns', async () => {
    const { log } = fakeApi(TODAY);
    renderApp('/workouts');
    // The first render also loads the training screen's code.
    const first = await screen.findByRole('form', { name: 'Back Squat set 1' }, { timeout: 5000 });
    log.state.down = true;
    await userEvent.click(within(first).getByRole('button', { name: 'Log Back Squat set 1' }));
    await userEvent.click(
      within(await screen.findByRole('form', { name: 'Back Squat set 2' })).getByRole('button', {
        name: 'Log Back Squat set 2',
      }),
    );
    expect((await screen.findByTestId('sync-status')).textContent).toContain('2 changes waiting to sync');
    expect(screen.getAllByText('TO_SYNC').length).toBeGreaterThan(1);
    expect(log.sent).toEqual([]);

    log.state.down = false;
    await act(async () => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByTestId('sync-status')).toBeNull());
    expect(log.sent.map((s) => s.body && (s.body as { order: number }).order)).toEqual([0, 1]);
    expect(new Set(log.sent.map((s) => s.key)).size).toBe(2);
    expect(log.sets.size).toBe(2);
  });
});

function logView(key: string, order: number, reps: number, loadKg: number) {
  return {
    key,
    sessionId: 'w0',
    exerciseId: 'ex1',
    catalogueId: 'barbell-back-squat',
    exerciseName: 'Back Squat',
    muscles: ['legs' as const],
    kind: 'reps' as const,
    order,
    warmup: false,
    reps,
    loadKg,
    performedAt: '2026-11-20T10:00:00.000Z',
    source: 'app' as const,
    records: [],
  };
}
