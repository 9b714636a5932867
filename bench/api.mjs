// (1) API overhead: GET /api/user through the whole NestJS app vs a bare node:http server doing the
// same HS256 check (jsonwebtoken, as @nestjs/jwt does) and one findOne by _id on the same database.
import { createSecretKey } from 'node:crypto';
import { createServer } from 'node:http';

import { autocannon, fmt, LOAD, median, require, row } from './lib.mjs';

const jwt = require('jsonwebtoken');
const { MongoClient, ObjectId } = require('mongoose').mongo;

/** The baseline: what GET /api/user must do at least, without the framework. */
async function startBareServer(env) {
  const client = await new MongoClient(env.MONGODB_URI, { maxPoolSize: Number(env.MONGODB_MAX_POOL_SIZE) }).connect();
  const users = client.db().collection('users');
  // The secret as a KeyObject, as the app configures it (a string costs jsonwebtoken a failed parse per call).
  const secret = createSecretKey(Buffer.from(env.JWT_SECRET, 'utf8'));
  const server = createServer(async (req, res) => {
    try {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const claims = jwt.verify(token ?? '', secret, { algorithms: ['HS256'] });
      const user = await users.findOne({ _id: new ObjectId(claims.sub) });
      if (!user) throw new Error('no such user');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: user._id,
          username: user.username,
          walletAddress: user.walletAddress,
          sweatCredits: user.sweatCredits,
          pendingCredits: user.pendingCredits,
        }),
      );
    } catch {
      res.writeHead(401).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await client.close();
    },
  };
}

export async function benchApi({ server, session }) {
  const bare = await startBareServer(server.env);
  const headers = { authorization: `Bearer ${session.token}` };
  const app = [];
  const baseline = [];
  try {
    // Alternating rounds, so drift on a noisy machine hits both sides alike.
    for (let round = 0; round < LOAD.rounds; round++) {
      app.push(await autocannon(`${server.url}/api/user`, headers));
      baseline.push(await autocannon(`${bare.url}/api/user`, headers));
    }
  } finally {
    await bare.stop();
  }
  const appRps = median(app.map((r) => r.rps));
  const bareRps = median(baseline.map((r) => r.rps));
  const errors = [...app, ...baseline].reduce((n, r) => n + r.errors, 0);
  const ratio = appRps / bareRps;
  return [
    row(
      'API',
      `GET /api/user req/s (median of ${LOAD.rounds}×${LOAD.duration} s, ${LOAD.connections} conn; ${errors} errors)`,
      fmt(appRps),
      `${fmt(bareRps)} bare node:http`,
      ratio,
      '≥ 0.6',
      ratio >= 0.6 && errors === 0,
    ),
    row(
      'API',
      'GET /api/user p50 / p99 latency (ms)',
      `${median(app.map((r) => r.p50))} / ${median(app.map((r) => r.p99))}`,
      `${median(baseline.map((r) => r.p50))} / ${median(baseline.map((r) => r.p99))}`,
      null,
      '',
      null,
    ),
  ];
}
