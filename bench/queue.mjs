// (4) Queue: what HTTP → BullMQ → worker → result adds over calling the local AI provider in process.
// Three sequential series of the same workout plan: the provider itself, AiJobs through the queue
// in process (no HTTP), and POST /api/workout/generate on the server (which also reads and stores).
import { fmt, percentile, row, timedPool } from './lib.mjs';

const CALLS = 60;
const PLAN = {
  type: 'strength',
  difficulty: 'intermediate',
  minutes: 45,
  avoidMuscles: [],
  equipment: [],
  limitations: [],
  focus: [],
  goal: null,
};

export async function benchQueue({ ctx, server, session }) {
  const ownerId = session.user.id;
  const provider = await timedPool(CALLS, 1, () => ctx.aiProvider.generateWorkout(PLAN));
  const queued = await timedPool(CALLS, 1, () => ctx.aiJobs.generateWorkout(ownerId, PLAN));
  const http = await timedPool(CALLS, 1, async () => {
    const res = await fetch(`${server.url}/api/workout/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ userId: ownerId, type: PLAN.type, difficulty: PLAN.difficulty, duration: PLAN.minutes }),
    });
    if (!res.ok) throw new Error(`POST /api/workout/generate answered ${res.status}: ${await res.text()}`);
  });
  const p = (r, n) => percentile(r.latencies, n);
  const lat = (r) => `${fmt(p(r, 50), 1)} / ${fmt(p(r, 99), 1)}`;
  const addedQueue = p(queued, 50) - p(provider, 50);
  const addedHttp = p(http, 50) - p(provider, 50);
  return [
    row(
      'Queue',
      `local AI provider in process, p50 / p99 (ms, ${CALLS} sequential)`,
      lat(provider),
      '',
      null,
      '',
      null,
    ),
    row(
      'Queue',
      'BullMQ → worker → result in process, p50 / p99 (ms)',
      lat(queued),
      `+${fmt(addedQueue, 1)} ms at p50`,
      null,
      '< 10 ms added',
      addedQueue < 10,
    ),
    row(
      'Queue',
      'HTTP POST /api/workout/generate (queue + auth + stores the plan), p50 / p99 (ms)',
      lat(http),
      `+${fmt(addedHttp, 1)} ms at p50`,
      null,
      '< 10 ms added',
      addedHttp < 10,
    ),
  ];
}
