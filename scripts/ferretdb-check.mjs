// `node scripts/ferretdb-check.mjs PORT BUILD PRAGMAS DATA_DIR`: whether the MongoDB-protocol server
// on 127.0.0.1:PORT, which scripts/services.sh did not start from DATA_DIR, may be reused: only the
// FerretDB build this checkout makes (BUILD, which names the patch level) run with its SQLite settings
// (PRAGMAS). An older build lacks patches the app relies on (atomic updates, the index path) and
// other settings may not commit durably. Exit 0 to reuse it, 1 to refuse; either way stdout says
// what runs there and, when refused, what to do. Without dependencies (it runs before `npm ci`):
// the server is asked `buildInfo` over the wire protocol by hand, and the listening process's command
// line is read from /proc for its settings.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

import { commandLine, listenerPid } from './listener.mjs';

const [port, build, pragmas, dataDir] = process.argv.slice(2);

/** A BSON document of int32 and string fields. */
function bson(fields) {
  const elements = Object.entries(fields).map(([name, value]) => {
    const key = Buffer.from(`${name}\0`, 'utf8');
    if (typeof value === 'number') return Buffer.concat([Buffer.from([0x10]), key, int32(value)]);
    const text = Buffer.from(`${value}\0`, 'utf8');
    return Buffer.concat([Buffer.from([0x02]), key, int32(text.length), text]);
  });
  const body = Buffer.concat([...elements, Buffer.from([0])]);
  return Buffer.concat([int32(body.length + 4), body]);
}

function int32(value) {
  const b = Buffer.alloc(4);
  b.writeInt32LE(value);
  return b;
}

/** Bytes a BSON value of `type` takes at `at` (the types a buildInfo reply holds, and the fixed-size ones). */
const FIXED = { 0x01: 8, 0x07: 12, 0x08: 1, 0x09: 8, 0x0a: 0, 0x10: 4, 0x11: 8, 0x12: 8, 0x13: 16 };
function valueSize(doc, type, at) {
  if (type in FIXED) return FIXED[type];
  if (type === 0x02) return 4 + doc.readInt32LE(at);
  if (type === 0x03 || type === 0x04) return doc.readInt32LE(at);
  if (type === 0x05) return 5 + doc.readInt32LE(at);
  throw new Error(`unexpected BSON type ${type}`);
}

/** The top-level string fields of a BSON document. */
function stringFields(doc) {
  const fields = {};
  for (let at = 4; doc[at] !== 0;) {
    const type = doc[at];
    const nameEnd = doc.indexOf(0, at + 1);
    const name = doc.toString('utf8', at + 1, nameEnd);
    if (type === 0x02) fields[name] = doc.toString('utf8', nameEnd + 5, nameEnd + 4 + doc.readInt32LE(nameEnd + 1));
    at = nameEnd + 1 + valueSize(doc, type, nameEnd + 1);
  }
  return fields;
}

/** `buildInfo` over OP_MSG → its string fields (`version`, and `ferretdbVersion` on FerretDB). */
function buildInfo() {
  const body = Buffer.concat([int32(0), Buffer.from([0]), bson({ buildInfo: 1, $db: 'admin' })]);
  const message = Buffer.concat([int32(16 + body.length), int32(1), int32(0), int32(2013), body]);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    let reply = Buffer.alloc(0);
    socket.setTimeout(3000, () => socket.destroy(new Error('no answer within 3 s')));
    socket.on('error', reject);
    socket.on('connect', () => socket.write(message));
    socket.on('data', (chunk) => {
      reply = Buffer.concat([reply, chunk]);
      if (reply.length < 4 || reply.length < reply.readInt32LE(0)) return;
      socket.destroy();
      try {
        // header (16), flag bits (4), section kind 0 (1), then the document
        resolve(stringFields(reply.subarray(21, reply.readInt32LE(0))));
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** Where scripts/services.sh started the server from: the DATA_DIR whose run/ holds its pid file. */
function servicesDataDir(pid, stateDir) {
  try {
    return stateDir?.endsWith('/run') && readFileSync(`${stateDir}/ferretdb.pid`, 'utf8').trim() === String(pid)
      ? stateDir.slice(0, -'/run'.length)
      : null;
  } catch {
    return null;
  }
}

/** How to free the port: through the services.sh that started the server, when one did. */
function howToFree(pid, stateDir) {
  const startedFrom = servicesDataDir(pid, stateDir);
  const stop = startedFrom
    ? `stop it with \`DATA_DIR=${startedFrom} scripts/services.sh stop-mongo\` (the next start then starts ${build} with this checkout's settings)`
    : `stop it${pid ? ` (pid ${pid})` : ''}`;
  return `${stop}, or run on another port: LOCAL_MONGO_PORT=<port>.`;
}

async function verdict() {
  const where = `127.0.0.1:${port}`;
  let info;
  try {
    info = await buildInfo();
  } catch (err) {
    return {
      ok: false,
      text: `something that does not answer as a MongoDB server listens on ${where} (${err.message}): free the port, or run on another one: LOCAL_MONGO_PORT=<port>.`,
    };
  }
  const pid = listenerPid(port);
  const args = pid ? commandLine(pid) : null;
  const option = (name) => args?.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const notOurs = `not started from DATA_DIR=${dataDir}`;
  if (!info.ferretdbVersion) {
    return {
      ok: false,
      text: `MongoDB ${info.version} listens on ${where} (${notOurs}), not the local FerretDB: to use it, set MONGODB_URI=mongodb://${where}/sweat; otherwise ${howToFree(pid, null)}`,
    };
  }
  if (info.ferretdbVersion !== build) {
    return {
      ok: false,
      text: `FerretDB ${info.ferretdbVersion} listens on ${where} (${notOurs}), not ${build}: it lacks patches this app relies on (local-store/patches/). ${capitalized(howToFree(pid, option('state-dir')))}`,
    };
  }
  const sqliteUrl = option('sqlite-url');
  if (sqliteUrl === undefined)
    return {
      ok: true,
      text: `reusing FerretDB ${build} on ${where} (${notOurs}; its SQLite settings cannot be read here)`,
    };
  if (!sqliteUrl.includes(pragmas)) {
    return {
      ok: false,
      text: `FerretDB ${build} listens on ${where} (${notOurs}) with other SQLite settings (${sqliteUrl}) than ${pragmas}: its commits may not be durable. ${capitalized(howToFree(pid, option('state-dir')))}`,
    };
  }
  return { ok: true, text: `reusing FerretDB ${build} on ${where} (${notOurs}, same settings)` };
}

const capitalized = (text) => text[0].toUpperCase() + text.slice(1);

const { ok, text } = await verdict();
console.log(text);
process.exit(ok ? 0 : 1);
