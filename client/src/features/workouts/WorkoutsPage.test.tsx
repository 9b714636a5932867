import type { WorkoutView } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, makeUser, mockFetch, renderApp, signedInStore } from '../../test/fixtures';
import { CONFIG, emptyLog, exercise, fakeApi, messageInput, STARTED_AT, WORKOUT } from '../../test/trainingServer';
import { formatTime } from '../../ui/dates';

describe('training page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty state, NOT_SET parameters and the engine label without a workout', async () => {
    fakeApi(null);
    renderApp('/workouts');
    // The first render of the file also loads the training screen's code (the session log with it).
    expect(await screen.findByText('NO_ACTIVE_SESSION', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/WORKOUT_REQUIRED/)).toBeTruthy();
    expect(screen.getByText('PENDING')).toBeTruthy();
    for (const label of ['FITNESS_LEVEL', 'SESSION_TYPE', 'DIFFICULTY'])
      expect(screen.getByTestId(label).textContent).toBe('NOT_SET');
    expect(await screen.findByText('ENGINE: SWEAT_LOCAL_COACH_V1')).toBeTruthy();
  });

  it('ticks exercises, shows percent and potential credits, and completes with the server’s credits', async () => {
    const { posted, progress } = fakeApi(WORKOUT, () =>
      jsonResponse({
        session: {
          id: 's1',
          workoutId: WORKOUT.id,
          workout: { name: WORKOUT.name, type: 'strength', duration: 45 },
          completedAt: '',
          intensity: 'moderate',
          creditsEarned: 11,
        },
        newAchievements: [],
      }),
    );
    renderApp('/workouts', signedInStore(makeUser({ fitnessLevel: 'beginner' })));
    expect(await screen.findByText('READY', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('SESSION_TYPE').textContent).toBe('STRENGTH');
    expect(screen.getByTestId('FITNESS_LEVEL').textContent).toBe('BEGINNER');
    expect(screen.queryByRole('button', { name: 'COMPLETE_SESSION' })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Move 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Move 3' }));
    expect(screen.getByTestId('completion-percent').textContent).toBe('50%');
    expect(screen.getByTestId('potential-credits').textContent).toBe('11');
    // Each tick is kept on the server; the first one started the session there.
    expect(progress.sent).toEqual([
      { exerciseId: 'ex1', done: true },
      { exerciseId: 'ex3', done: true },
    ]);
    expect((await screen.findByTestId('session-times')).textContent).toMatch(
      /^STARTED \d\d:\d\d · COMPLETE_FROM \d\d:\d\d$/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'COMPLETE_SESSION' }));

    expect(await screen.findByText('Workout Completed! 🎉')).toBeTruthy();
    expect(screen.getByText('11 credits pending: prove today to validate them')).toBeTruthy();
    expect(posted).toEqual([
      {
        path: '/api/workout/complete',
        body: { userId: makeUser().id, workoutId: WORKOUT.id, completedExercises: ['ex1', 'ex3'] },
        jobKey: null,
      },
    ]);
  });

  it('waits for a tick still on its way before completing, so the server has stored the ticks it pays', async () => {
    const { posted, progress } = fakeApi({ ...WORKOUT, ticked: ['ex1'], startedAt: STARTED_AT }, () =>
      jsonResponse({
        session: {
          id: 's1',
          workoutId: WORKOUT.id,
          workout: { name: WORKOUT.name, type: 'strength', duration: 45 },
          completedAt: '',
          intensity: 'moderate',
          creditsEarned: 11,
        },
        newAchievements: [],
        creditsNote: null,
      }),
    );
    renderApp('/workouts');
    await screen.findByRole('checkbox', { name: 'Move 1' });
    const release = progress.hold();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Move 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'COMPLETE_SESSION' }));
    expect(progress.sent).toEqual([{ exerciseId: 'ex3', done: true }]);
    expect(posted).toEqual([]);
    release();
    expect(await screen.findByText('11 credits pending: prove today to validate them')).toBeTruthy();
    expect(posted).toEqual([
      {
        path: '/api/workout/complete',
        body: { userId: makeUser().id, workoutId: WORKOUT.id, completedExercises: ['ex1', 'ex3'] },
        jobKey: null,
      },
    ]);
  });

  it('shows distance doses in the user’s units (the server words them in metres)', async () => {
    const carry = {
      ...exercise(5),
      name: 'Farmer Carry',
      prescription: '3 × 40 m · rest 90 s',
      dose: { kind: 'distance' as const, sets: 3, meters: 40, restSeconds: 90, eachSide: false as const },
    };
    const row = {
      ...exercise(6),
      name: 'Rowing Machine',
      prescription: '2 km steady',
      dose: { kind: 'distance' as const, sets: 1, meters: 2000, restSeconds: 0, eachSide: false as const },
    };
    const today = { ...WORKOUT, exercises: [exercise(1), carry, row] };
    mockFetch(async (url) => {
      const path = new URL(url).pathname;
      if (path.startsWith('/api/workout/today')) return jsonResponse(today);
      if (path.endsWith('/sets')) return jsonResponse(emptyLog(today.id));
      if (path.startsWith('/api/workout/chat/history/')) return jsonResponse([]);
      if (path === '/api/config') return jsonResponse(CONFIG);
      return jsonResponse(makeUser({ units: 'imperial' }));
    });
    renderApp('/workouts', signedInStore(makeUser({ units: 'imperial' })));
    expect(await screen.findByText('3 × 44 yd · rest 90 s')).toBeTruthy();
    expect(screen.getByText('1.2 mi steady')).toBeTruthy();
    expect(screen.getByText('3 × 10')).toBeTruthy();
    expect(screen.queryByText(/ m · |km/)).toBeNull();
  });

  it('shows the ticks and the start the server kept (a reload or another page changes nothing)', async () => {
    fakeApi({ ...WORKOUT, ticked: ['ex2', 'ex4'], startedAt: STARTED_AT });
    renderApp('/workouts');
    expect(((await screen.findByRole('checkbox', { name: 'Move 2' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Move 4' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Move 1' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('completion-percent').textContent).toBe('50%');
    expect(screen.getByTestId('session-times').textContent).toBe(
      `STARTED ${formatTime(Date.parse(STARTED_AT))} · COMPLETE_FROM ${formatTime(Date.parse(STARTED_AT) + 22.5 * 60_000 + 30_000)}`,
    );
    expect(screen.queryByRole('button', { name: 'START_SESSION' })).toBeNull();
    expect(screen.getByRole('button', { name: 'COMPLETE_SESSION' })).toBeTruthy();
  });

  it('starts the session with START_SESSION, and undoes a tick the server refuses, saying why', async () => {
    const posted: Array<{ path: string; body: unknown }> = [];
    mockFetch(async (url, request) => {
      const path = new URL(url).pathname;
      if (request.method === 'POST') {
        posted.push({ path, body: JSON.parse(await request.text()) });
        return jsonResponse({ id: WORKOUT.id, ticked: [], startedAt: STARTED_AT });
      }
      if (request.method === 'PUT')
        return jsonResponse(
          {
            statusCode: 404,
            code: 'WORKOUT_NOT_FOUND',
            message: "Workout not found: only today's workout, before it is completed, can be changed",
            error: 'Not Found',
          },
          404,
        );
      if (path.startsWith('/api/workout/today')) return jsonResponse(WORKOUT);
      if (path.endsWith('/sets')) return jsonResponse(emptyLog(WORKOUT.id));
      if (path.startsWith('/api/workout/chat/history/')) return jsonResponse([]);
      if (path === '/api/config') return jsonResponse(CONFIG);
      return jsonResponse(makeUser());
    });
    renderApp('/workouts');
    await userEvent.click(await screen.findByRole('button', { name: 'START_SESSION' }));
    expect(posted).toEqual([{ path: `/api/workout/${WORKOUT.id}/start`, body: { userId: makeUser().id } }]);
    expect((await screen.findByTestId('session-times')).textContent).toContain(
      `STARTED ${formatTime(Date.parse(STARTED_AT))}`,
    );

    await userEvent.click(screen.getByRole('checkbox', { name: 'Move 1' }));
    expect(
      await screen.findByText("Workout not found: only today's workout, before it is completed, can be changed"),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Move 1' }) as HTMLInputElement).checked).toBe(false),
    );
    expect(screen.getByTestId('completion-percent').textContent).toBe('0%');
  });

  it('shows the server’s refusal of a completion before half time, with the time it names', async () => {
    fakeApi({ ...WORKOUT, ticked: ['ex1'], startedAt: STARTED_AT }, () =>
      jsonResponse(
        {
          statusCode: 409,
          code: 'WORKOUT_TOO_EARLY',
          message: 'You can complete this session from 10:28 UTC (half of its 45 minutes)',
          error: 'Too Early',
        },
        409,
      ),
    );
    renderApp('/workouts');
    await userEvent.click(await screen.findByRole('button', { name: 'COMPLETE_SESSION' }));
    expect(
      await screen.findByText('You can complete this session from 10:28 UTC (half of its 45 minutes)'),
    ).toBeTruthy();
    expect(screen.getByText('Too Early')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Move 1' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks before EXECUTE_GENERATION or GENERATE_WORKOUT_FROM_CHAT replace a session under way; KEEP_SESSION changes nothing', async () => {
    const { posted } = fakeApi({ ...WORKOUT, ticked: ['ex1'], startedAt: STARTED_AT }, (path) =>
      path.endsWith('/chat')
        ? jsonResponse({ response: 'Noted.', workoutGenerated: false })
        : jsonResponse({ ...WORKOUT, id: '65f0c0ffee0000000000bbbb', name: 'Next Plan' }, 201),
    );
    renderApp('/workouts');
    const generator = await screen.findByRole('region', { name: 'AI_GENERATOR' });
    await screen.findByRole('checkbox', { name: 'Move 1' });
    await userEvent.click(within(generator).getByRole('button', { name: 'EXECUTE_GENERATION' }));
    const dialog = await screen.findByRole('dialog', { name: 'REPLACE_ACTIVE_SESSION' });
    expect(dialog.textContent).toContain('1 of 4 exercises ticked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'KEEP_SESSION' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);

    const input = await messageInput();
    // Each reply is in (stored and read back) before the next message: a message sent while the coach answers is not sent.
    for (const [i, message] of ['A 30 minute yoga session', 'With a band'].entries()) {
      await userEvent.type(input, `${message}{Enter}`);
      await waitFor(() => expect(screen.getAllByText('Noted.')).toHaveLength(i + 1));
    }
    await userEvent.click(await screen.findByRole('button', { name: 'GENERATE_WORKOUT_FROM_CHAT' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'REPLACE_ACTIVE_SESSION' })).getByRole('button', {
        name: 'KEEP_SESSION',
      }),
    );
    expect(posted.map((p) => p.path)).toEqual(['/api/workout/chat', '/api/workout/chat']);

    await userEvent.click(within(generator).getByRole('button', { name: 'EXECUTE_GENERATION' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'REPLACE_ACTIVE_SESSION' })).getByRole('button', {
        name: 'REPLACE_SESSION',
      }),
    );
    expect(await screen.findByText('New Workout Generated! 💪')).toBeTruthy();
    expect(posted.map((p) => p.path)).toEqual(['/api/workout/chat', '/api/workout/chat', '/api/workout/generate']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('generates with the chosen options and a job key, and says so on failure', async () => {
    let fail = false;
    const { posted } = fakeApi(null, () =>
      fail
        ? jsonResponse({ statusCode: 503, message: 'down', error: 'AI Unavailable' }, 503)
        : jsonResponse(WORKOUT, 201),
    );
    renderApp('/workouts');
    const generator = await screen.findByRole('region', { name: 'AI_GENERATOR' });
    await userEvent.selectOptions(within(generator).getByLabelText('TRAINING_TYPE'), 'yoga');
    await userEvent.click(within(generator).getByRole('button', { name: 'ADVANCED' }));
    await userEvent.selectOptions(within(generator).getByLabelText('DURATION'), '15');
    await userEvent.click(within(generator).getByRole('button', { name: 'EXECUTE_GENERATION' }));
    expect(await screen.findByText('New Workout Generated! 💪')).toBeTruthy();
    expect(posted[0]).toMatchObject({
      path: '/api/workout/generate',
      body: { type: 'yoga', difficulty: 'advanced', duration: 15 },
      jobKey: expect.stringMatching(/^[a-f0-9-]{36}$/),
    });

    fail = true;
    await userEvent.click(within(generator).getByRole('button', { name: 'EXECUTE_GENERATION' }));
    expect(await screen.findByText('Failed to generate workout. Please try again.')).toBeTruthy();
  });

  it('swaps one exercise for an equivalent from the server, and says which for which', async () => {
    const withCatalogue = { ...WORKOUT, exercises: WORKOUT.exercises.map((e) => ({ ...e, catalogueId: e.id })) };
    const swapped = {
      ...withCatalogue,
      exercises: withCatalogue.exercises.map((e) => (e.id === 'ex2' ? { ...e, name: 'Goblet Squat' } : e)),
    };
    // The server's today's workout is the swapped one once the swap is made.
    let today: WorkoutView = withCatalogue;
    const posted: Array<{ path: string; body: unknown }> = [];
    mockFetch(async (url, request) => {
      const path = new URL(url).pathname;
      if (request.method === 'POST') {
        posted.push({ path, body: JSON.parse(await request.text()) });
        today = swapped;
        return jsonResponse(swapped);
      }
      if (path.startsWith('/api/workout/today')) return jsonResponse(today);
      if (path.endsWith('/sets')) return jsonResponse(emptyLog(today.id));
      if (path.startsWith('/api/workout/chat/history/')) return jsonResponse([]);
      if (path === '/api/config') return jsonResponse(CONFIG);
      return jsonResponse(makeUser());
    });
    renderApp('/workouts');
    await userEvent.click(await screen.findByRole('button', { name: 'Swap Move 2' }));
    expect(await screen.findByText('Move 2 → Goblet Squat')).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: 'Goblet Squat' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Move 2' })).toBeNull();
    expect(posted[0]).toMatchObject({ path: '/api/workout/swap', body: { workoutId: WORKOUT.id, exerciseId: 'ex2' } });
  });

  it('shows the generated workout with its toast, before the refetch of today’s workout answers', async () => {
    let todayReads = 0;
    mockFetch(async (url, request) => {
      const path = new URL(url).pathname;
      if (request.method === 'POST') return jsonResponse(WORKOUT, 201);
      // The first read finds no workout; the refetch after generating never answers.
      if (path.startsWith('/api/workout/today'))
        return todayReads++ === 0 ? jsonResponse(null) : new Promise<Response>(() => undefined);
      if (path.endsWith('/sets')) return jsonResponse(emptyLog(WORKOUT.id));
      if (path.startsWith('/api/workout/chat/history/')) return jsonResponse([]);
      if (path.startsWith('/api/jobs/'))
        return jsonResponse({ id: 'x', name: 'workout.generate', state: 'active', progress: 40, failedReason: null });
      if (path === '/api/config') return jsonResponse(CONFIG);
      return jsonResponse(makeUser());
    });
    renderApp('/workouts');
    expect(await screen.findByText('NO_ACTIVE_SESSION')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'EXECUTE_GENERATION' }));
    expect(await screen.findByText('New Workout Generated! 💪')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: WORKOUT.name })).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(WORKOUT.exercises.length);
  });
});
