import type { ActiveProgramView, ProgramDetail, ProgramSummary } from '@contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, makeUser, mockFetch, renderApp } from '../../test/fixtures';
import { CONFIG, WORKOUT } from '../../test/trainingServer';

const FULL_BODY: ProgramSummary = {
  id: 'full-body-3',
  name: '3-Day Full Body',
  summary: 'Three whole-body sessions a week.',
  goal: 'general_fitness',
  level: 'beginner',
  weeks: 8,
  daysPerWeek: 3,
  deloadWeeks: [4, 8],
  weekdays: [1, 3, 5],
  equipment: ['dumbbells', 'bench'],
};
const DETAIL: ProgramDetail = {
  ...FULL_BODY,
  days: [
    {
      name: 'Full Body A',
      type: 'strength',
      exercises: [
        { catalogueId: 'march-in-place', name: 'March in Place', phase: 'warmup', plan: '1 × 2 min' },
        {
          catalogueId: 'goblet-squat',
          name: 'Goblet Squat',
          phase: 'main',
          plan: '3 × 8–12: reps up to 12 on every set, then the load up',
        },
      ],
    },
  ],
};
const session = (index: number, day: number, dayName: string) => ({ index, week: 1, day, dayName, deload: false });
const ACTIVE: ActiveProgramView = {
  programId: 'full-body-3',
  programName: '3-Day Full Body',
  status: 'active',
  startedOn: '2026-11-23',
  done: 1,
  total: 24,
  next: { session: session(1, 1, 'Full Body B'), when: 'due', behind: 1, nextOn: '2026-11-26' },
  upcoming: [
    { date: '2026-11-26', session: session(1, 1, 'Full Body B') },
    { date: '2026-11-27', session: session(2, 2, 'Full Body C') },
  ],
  finishOn: '2027-01-18',
  workoutId: null,
};

/** The programs routes as the server answers them; POSTs recorded. */
function programsServer(active: ActiveProgramView | null) {
  const posted: Array<{ path: string; body: unknown }> = [];
  const imports: Array<{ csv: string; query: string; type: string | null }> = [];
  let current = active;
  let today: unknown = null;
  mockFetch(async (url, request) => {
    const path = new URL(url).pathname;
    if (request.method === 'POST' && path === '/api/log/import') {
      const query = new URL(url).search;
      imports.push({ csv: await request.text(), query, type: request.headers.get('content-type') });
      return jsonResponse(
        query.includes('mapping')
          ? {
              status: 'imported',
              layout: 'strong',
              imported: 3,
              alreadyImported: 0,
              workouts: 1,
              skippedRows: [{ line: 4, reason: 'a value is negative' }],
              skippedExercises: [],
            }
          : { status: 'needs_mapping', layout: 'strong', unmatched: [{ name: 'Landmine Press', sets: 1 }] },
        201,
      );
    }
    if (request.method === 'POST') {
      const body = JSON.parse(await request.text());
      posted.push({ path, body });
      if (path === '/api/programs/full-body-3/start') current = { ...ACTIVE, done: 0 };
      if (path === '/api/programs/coach')
        current = { ...ACTIVE, programId: 'coach-built', programName: 'Your 3-Day Full Body', done: 0 };
      if (path === '/api/programs/active/pause') current = { ...ACTIVE, status: 'paused', next: null, upcoming: [] };
      if (path === '/api/programs/active/session') {
        today = { ...WORKOUT, name: '3-Day Full Body: Full Body B · W1' };
        return jsonResponse(today);
      }
      return jsonResponse(current);
    }
    if (path === '/api/programs') return jsonResponse([FULL_BODY]);
    if (path === '/api/programs/active') return jsonResponse(current);
    if (path === '/api/programs/full-body-3') return jsonResponse(DETAIL);
    if (path === '/api/programs/coach-built')
      return jsonResponse({
        ...DETAIL,
        id: 'coach-built',
        name: 'Your 3-Day Full Body',
        summary: 'Built by your coach.',
      });
    if (path.startsWith('/api/workout/today')) return jsonResponse(today);
    if (path.startsWith('/api/workout/chat/history')) return jsonResponse([]);
    // Today's session's logged sets (the training log's card reads them): none yet.
    if (path.endsWith('/sets'))
      return jsonResponse({ workoutId: WORKOUT.id, sets: [], lastTime: {}, barbellExercises: [] });
    if (path === '/api/config') return jsonResponse(CONFIG);
    return jsonResponse(makeUser());
  });
  return { posted, imports };
}

describe('programs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the catalogue with its facts, shows a week, and starts a program', async () => {
    const { posted } = programsServer(null);
    renderApp('/programs');
    const card = await screen.findByRole('article', { name: '3-Day Full Body' }, { timeout: 5000 });
    expect(within(card).getByText(/8 WEEKS · 3 DAYS \(MON · WED · FRI\) · DELOAD WEEK 4, 8/)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'SHOW_WEEK' }));
    expect(await within(card).findByText(/reps up to 12 on every set, then the load up/)).toBeTruthy();
    expect(within(card).queryByText('March in Place')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'START_PROGRAM' }));
    expect(await screen.findByText('Program Started')).toBeTruthy();
    expect(posted).toEqual([{ path: '/api/programs/full-body-3/start', body: { userId: makeUser().id } }]);
    expect(await screen.findByRole('region', { name: 'YOUR_PROGRAM' })).toBeTruthy();
  });

  it('shows where the member stands, the missed session moving the plan, and pauses', async () => {
    const { posted } = programsServer(ACTIVE);
    renderApp('/programs');
    const mine = await screen.findByRole('region', { name: 'YOUR_PROGRAM' }, { timeout: 5000 });
    expect(within(mine).getByTestId('program-next').textContent).toBe('NEXT: WEEK 1 · FULL BODY B');
    expect(within(mine).getByText(/1 missed session moves the plan back; nothing is skipped/)).toBeTruthy();
    expect(within(mine).getByText(/1 \/ 24 SESSIONS · STARTED 2026-11-23 · FINISH 2027-01-18/)).toBeTruthy();
    expect(within(within(mine).getByRole('list', { name: 'Upcoming sessions' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    await userEvent.click(within(mine).getByRole('button', { name: 'PAUSE' }));
    expect(await within(mine).findByRole('button', { name: 'RESUME' })).toBeTruthy();
    expect(posted).toEqual([{ path: '/api/programs/active/pause', body: { userId: makeUser().id } }]);
  });

  it('on the training page, the program’s session becomes today’s workout in one press', async () => {
    const { posted } = programsServer(ACTIVE);
    renderApp('/workouts');
    // The training screen's chunk loads first.
    const card = await screen.findByRole('region', { name: 'PROGRAM' }, { timeout: 5000 });
    expect(within(card).getByTestId('program-next').textContent).toBe('WEEK 1 · FULL BODY B');
    await userEvent.click(within(card).getByRole('button', { name: 'TRAIN_PROGRAM_SESSION' }));
    expect(await screen.findByText('Program Session Ready')).toBeTruthy();
    expect(await screen.findByText('3-Day Full Body: Full Body B · W1')).toBeTruthy();
    expect(posted).toEqual([{ path: '/api/programs/active/session', body: { userId: makeUser().id } }]);
  });

  it('imports a Strong export: lists the unknown exercise to map, then imports with the mapping', async () => {
    const { imports } = programsServer(null);
    renderApp('/programs');
    const panel = await screen.findByRole('region', { name: 'BRING_YOUR_HISTORY' }, { timeout: 5000 });
    const csv = 'Date;Workout Name;Exercise Name;Set Order;Weight;Reps\n2024-05-01 18:00:00;A;Landmine Press;1;30;10\n';
    await userEvent.upload(
      within(panel).getByLabelText(/CSV_FILE/),
      new File([csv], 'strong.csv', { type: 'text/csv' }),
    );
    await userEvent.click(await within(panel).findByRole('button', { name: 'IMPORT' }));
    const input = await within(panel).findByRole('textbox', { name: 'Map Landmine Press' });
    await userEvent.type(input, 'Barbell Overhead Press');
    await userEvent.click(within(panel).getByRole('button', { name: 'IMPORT_WITH_MAPPING' }));
    expect((await within(panel).findByTestId('import-summary')).textContent).toBe(
      'IMPORTED 3 SETS · 1 WORKOUTS · 1 ROWS_SKIPPED (line 4: a value is negative)',
    );
    expect(imports.map((i) => [i.csv, i.type])).toEqual([
      [csv, 'text/csv'],
      [csv, 'text/csv'],
    ]);
    expect(new URLSearchParams(imports[1].query).get('mapping')).toBe('{"Landmine Press":"Barbell Overhead Press"}');
  });

  it('the coach builds a program with the days chosen, asked before it replaces the one followed; its week shows', async () => {
    const { posted } = programsServer(ACTIVE);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderApp('/programs');
    const panel = await screen.findByRole('region', { name: 'BUILD_WITH_COACH' }, { timeout: 5000 });
    expect(within(panel).getByRole('combobox', { name: 'WEEKS' })).toHaveProperty('value', '');
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'DAYS_A_WEEK' }), '3');
    await userEvent.click(within(panel).getByRole('button', { name: 'BUILD_MY_PROGRAM' }));
    expect(confirm).toHaveBeenCalledWith('Build a new program? It replaces 3-Day Full Body.');
    expect(await screen.findByText('Program Built')).toBeTruthy();
    // Weeks left as said in the chat: the server takes them from there.
    expect(posted).toEqual([{ path: '/api/programs/coach', body: { userId: makeUser().id, daysPerWeek: 3 } }]);
    const mine = await screen.findByRole('region', { name: 'YOUR_PROGRAM' });
    expect(await within(mine).findByText('Your 3-Day Full Body')).toBeTruthy();
    await userEvent.click(within(mine).getByRole('button', { name: 'SHOW_WEEK' }));
    expect(await within(mine).findByText(/reps up to 12 on every set, then the load up/)).toBeTruthy();
  });

  it('building is not sent when the member keeps the program they follow', async () => {
    const { posted } = programsServer(ACTIVE);
    vi.stubGlobal(
      'confirm',
      vi.fn(() => false),
    );
    renderApp('/programs');
    const panel = await screen.findByRole('region', { name: 'BUILD_WITH_COACH' }, { timeout: 5000 });
    await userEvent.click(within(panel).getByRole('button', { name: 'BUILD_MY_PROGRAM' }));
    expect(posted).toEqual([]);
  });
});
