// The training page's fake server for its tests (WorkoutsPage.test.tsx, CoachChat.test.tsx): today's
// workout, ticks kept as the server keeps them, the coach's stored conversation.
import type {
  ChatMessageView,
  LoggedSetView,
  LogSetRequest,
  PersonalRecordKind,
  SessionLogView,
  SetChangesRequest,
  WorkoutView,
} from '@contract';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

import { jsonResponse, makeUser, mockFetch } from './fixtures';

export const CONFIG = {
  publicUrl: 'http://localhost:3000',
  solanaCluster: 'devnet',
  solanaRpcUrl: '',
  treasuryAddress: '',
  aiEngine: 'SWEAT_LOCAL_COACH_V1',
  twitterLogin: false,
};
export const exercise = (n: number) => ({
  id: `ex${n}`,
  name: `Move ${n}`,
  description: `How to do move ${n}.`,
  phase: 'main' as const,
  prescription: '3 × 10',
  muscles: ['legs' as const],
});
export const WORKOUT: WorkoutView = {
  id: '65f0c0ffee0000000000aaaa',
  name: 'Strength Builder · 45 min',
  type: 'strength',
  difficulty: 'intermediate',
  duration: 45,
  creditsReward: 21,
  exercises: [1, 2, 3, 4].map(exercise),
  notes: ['Recovery: legs worked hard recently.'],
  createdAt: '2026-11-23T10:00:00.000Z',
  ticked: [],
  startedAt: null,
};
export const STARTED_AT = '2026-11-23T10:05:00.000Z';

/** The server's side of ticks: PUT /progress answers the session's progress, the first tick starting it. */
function progressServer(initial: string[] = []) {
  const ticked = new Set(initial);
  const sent: Array<{ exerciseId: string; done: boolean }> = [];
  let held: Promise<void> | null = null;
  return {
    sent,
    /** Holds the answers to ticks until the function returned is called: ticks still on their way. */
    hold(): () => void {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    async answer(body: { exerciseId: string; done: boolean }) {
      sent.push({ exerciseId: body.exerciseId, done: body.done });
      if (held) await held;
      if (body.done) ticked.add(body.exerciseId);
      else ticked.delete(body.exerciseId);
      return jsonResponse({ id: WORKOUT.id, ticked: [...ticked], startedAt: STARTED_AT });
    },
  };
}

/** A session with no set logged and nothing done before. */
export const emptyLog = (workoutId: string): SessionLogView => ({
  workoutId,
  sets: [],
  lastTime: {},
  barbellExercises: [],
});

/**
 * The server's side of the training log: sets kept by key (a re-send is one set), the last time of
 * every exercise as `lastTime`, and `records` to answer for the next set logged; `down()` makes
 * every call fail as with no network.
 */
function logServer(workoutId: string) {
  const sets = new Map<string, LoggedSetView>();
  const sent: Array<{ method: string; key?: string; body?: unknown }> = [];
  const state = { lastTime: {} as SessionLogView['lastTime'], records: [] as PersonalRecordKind[], down: false };
  return {
    sets,
    sent,
    state,
    async answer(request: Request, key: string | undefined): Promise<Response> {
      if (state.down) throw new TypeError('Failed to fetch');
      if (request.method === 'GET')
        return jsonResponse({
          workoutId,
          sets: [...sets.values()],
          lastTime: state.lastTime,
          barbellExercises: ['ex1'],
        });
      if (request.method === 'DELETE') return jsonResponse(remove(key!));
      // A batch from the outbox: each change as its own PUT or DELETE.
      if (request.method === 'POST' && key === 'batch') {
        const { userId, changes } = JSON.parse(await request.text()) as SetChangesRequest;
        return jsonResponse({
          results: changes.map((change) =>
            change.kind === 'set'
              ? { ok: true, logged: put(change.setKey, { ...change.set, userId }) }
              : (remove(change.setKey), { ok: true, logged: null }),
          ),
        });
      }
      return jsonResponse(put(key!, JSON.parse(await request.text()) as LogSetRequest));
    },
  };

  function remove(key: string) {
    sent.push({ method: 'DELETE', key });
    sets.delete(key);
    return { ok: true };
  }

  function put(key: string, body: LogSetRequest) {
    sent.push({ method: 'PUT', key, body });
    const set: LoggedSetView = {
      key,
      sessionId: workoutId,
      exerciseId: body.exerciseId,
      catalogueId: body.exerciseId,
      exerciseName: body.exerciseId,
      muscles: ['legs'],
      kind: 'reps',
      order: body.order,
      warmup: body.warmup,
      reps: body.reps,
      loadKg: body.loadKg,
      rpe: body.rpe,
      performedAt: body.performedAt ?? STARTED_AT,
      source: 'app',
      records: state.records,
    };
    sets.set(key, set);
    const newRecords = state.records;
    state.records = [];
    return { set, newRecords };
  }
}

export const turn = (n: number, role: ChatMessageView['role'], content: string): ChatMessageView => ({
  id: `m${n}`,
  role,
  content,
  timestamp: `2026-11-23T10:00:0${n}.000Z`,
});

/**
 * A fake API: today's workout (or null), ticks kept as the server keeps them, whatever `answer` says
 * for the POSTs, and the stored coach conversation (a chat the answer replied to OK is stored, DELETE clears it).
 */
export function fakeApi(
  today: WorkoutView | null,
  answer: (path: string, body: unknown) => Response = () => jsonResponse({}),
  conversation: ChatMessageView[] = [],
) {
  const posted: Array<{ path: string; body: unknown; jobKey: string | null }> = [];
  const deleted: string[] = [];
  const progress = progressServer(today?.ticked);
  const log = logServer(today?.id ?? '');
  let historyHeld: Promise<void> | null = null;
  let historyFailures = 0;
  const fetchMock = mockFetch(async (url, request) => {
    const path = new URL(url).pathname;
    const setPath = /^\/api\/workout\/\w+\/sets(?:\/([\w-]+))?$/.exec(path);
    if (setPath) return log.answer(request, setPath[1]);
    if (request.method === 'PUT') return progress.answer(JSON.parse(await request.text()));
    if (request.method === 'POST') {
      const body = JSON.parse(await request.text());
      posted.push({ path, body, jobKey: request.headers.get('x-job-key') });
      const answered = answer(path, body);
      if (path.endsWith('/chat') && answered.ok) {
        const reply = (await answered.clone().json()) as { response: string };
        conversation.push(
          turn(conversation.length, 'user', body.message),
          turn(conversation.length + 1, 'assistant', reply.response),
        );
      }
      return answered;
    }
    if (path.startsWith('/api/workout/chat/history/')) {
      if (request.method !== 'DELETE') {
        if (historyHeld) await historyHeld;
        if (historyFailures > 0 && historyFailures--)
          return jsonResponse({ statusCode: 500, message: 'down', error: 'Internal Server Error' }, 500);
        return jsonResponse(conversation);
      }
      deleted.push(path);
      const count = conversation.splice(0).length;
      return jsonResponse({ deleted: count });
    }
    if (path.startsWith('/api/workout/today')) return jsonResponse(today);
    if (path === '/api/programs/active') return jsonResponse(null);
    if (path.startsWith('/api/jobs/'))
      return jsonResponse({ id: 'x', name: 'workout.generate', state: 'active', progress: 40, failedReason: null });
    if (path === '/api/config') return jsonResponse(CONFIG);
    return jsonResponse(makeUser());
  });
  /** Holds the stored conversation's answer until the function returned is called: a slow first load. */
  function holdHistory(): () => void {
    let release = () => {};
    historyHeld = new Promise((resolve) => (release = resolve));
    return () => {
      historyHeld = null;
      release();
    };
  }
  /** The stored conversation's next `times` answers fail (500). */
  const failHistory = (times: number) => (historyFailures = times);
  return { posted, deleted, progress, log, fetchMock, holdHistory, failHistory };
}

/** The coach's input once the stored conversation has loaded (until then it is disabled). */
export async function messageInput(): Promise<HTMLTextAreaElement> {
  const input = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  return input;
}
