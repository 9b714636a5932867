// The uploads bench's second baseline, run as its own process like the app: a bare node:http server
// that does what the app's disk driver does to a PUT body (sha256 over it, 256 KB writes to a file)
// and nothing else, so the table shows what loopback HTTP between two processes allows here.
// Prints its port; the file goes to the directory given as the first argument.
import { createHash } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const BUFFER = 256 * 1024;
const target = join(process.argv[2], 'bare-upload');

const server = createServer(async (req, res) => {
  const hash = createHash('sha256');
  const hashing = new Transform({
    highWaterMark: BUFFER,
    transform(chunk, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(req, hashing, createWriteStream(target, { highWaterMark: BUFFER }));
    res.end(hash.digest('hex'));
  } catch {
    res.writeHead(500).end();
  } finally {
    rmSync(target, { force: true });
  }
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
