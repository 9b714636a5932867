import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import { Injectable, OnModuleDestroy } from '@nestjs/common';

import type { PersonScores } from '../evidence.rules';
import type { RgbImage } from '../pixels.rules';
import { LazyEngine } from './lazy-engine';

export type Detector = keyof Required<PersonScores>;

/**
 * The thread that runs @vladmandic/human on the TensorFlow.js WASM backend: BlazeFace for faces,
 * MoveNet Lightning for a body's pose, CenterNet for objects (a person among them). Its bundle
 * (ESM, its own tfjs inside) is the only build that needs no native binary; in Node it takes its
 * stubbed-out Node branch unless it believes it runs in a web worker, so this thread says so
 * (WorkerGlobalScope) and gives the WASM loader the __dirname it reads. Models and the .wasm are
 * files inside the packages, read from disk: nothing is fetched.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
globalThis.WorkerGlobalScope ??= function WorkerGlobalScope() {};
globalThis.__dirname ??= workerData.wasmDir;
const fileBody = (url) => readFileSync(new URL(url));
(async () => {
  const { Human } = await import(workerData.human);
  const off = { enabled: false };
  const human = new Human({
    backend: 'wasm',
    wasmPath: workerData.wasmUrl,
    wasmPlatformFetch: true,
    modelBasePath: workerData.modelsUrl,
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: off, gesture: off, hand: off, segmentation: off,
    face: { enabled: true, detector: { rotation: false, maxDetected: 5, minConfidence: 0.2, return: false }, mesh: off, iris: off, description: off, emotion: off, antispoof: off, liveness: off },
    body: { enabled: true, modelPath: 'movenet-lightning.json', minConfidence: 0.1 },
    object: { enabled: true, modelPath: 'centernet.json', minConfidence: 0.1, maxDetected: 10 },
  });
  const tf = human.tf;
  tf.io.registerLoadRouter((url) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== 'string' || !first.startsWith('file://')) return null;
    return {
      load: async () => {
        const json = JSON.parse(fileBody(first).toString('utf8'));
        return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
          const weights = Buffer.concat(manifest.flatMap((group) => group.paths.map((p) => fileBody(new URL(p, first)))));
          return [manifest.flatMap((group) => group.weights), weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength)];
        });
      },
    };
  });
  const platform = tf.env().platform;
  const platformFetch = platform.fetch.bind(platform);
  platform.fetch = async (url, init) =>
    String(url).startsWith('file://') ? new Response(fileBody(String(url)), { headers: { 'content-type': 'application/wasm' } }) : platformFetch(url, init);
  await human.init();
  await human.load();
  if (tf.getBackend() !== 'wasm') throw new Error('the WASM backend did not start (' + tf.getBackend() + ')');
  parentPort.postMessage({ ready: true });
  const best = (list) => list.reduce((top, item) => Math.max(top, item.score), 0);
  parentPort.on('message', async ({ width, height, pixels, detector }) => {
    try {
      const input = tf.tidy(() => tf.expandDims(tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'int32'), 0));
      const on = (name) => ({ enabled: detector === name });
      let result;
      try {
        result = await human.detect(input, { face: on('face'), body: on('body'), object: on('person') });
      } finally {
        tf.dispose(input);
      }
      if (result.error) throw new Error(result.error);
      const found = { face: result.face, body: result.body, person: result.object.filter((o) => o.label === 'person') }[detector];
      parentPort.postMessage({ score: best(found) });
    } catch (err) {
      parentPort.postMessage({ error: String((err && err.message) || err) });
    }
  });
})().catch((err) => parentPort.postMessage({ error: 'person detection could not start: ' + String((err && err.message) || err) }));
`;

/** The thread's V8 heap cap (the models' weights live in WASM memory beside it). */
const THREAD_HEAP_MB = 512;

/** What the thread answers to each message, one at a time (LazyEngine sends one at a time). */
function nextAnswer(worker: Worker): Promise<{ ready?: true; score?: number; error?: string }> {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (answer: { ready?: true; score?: number; error?: string }) => {
      done();
      if (answer.error) reject(new Error(answer.error));
      else resolve(answer);
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`person detection thread exited with code ${code}`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

async function startThread(): Promise<Worker> {
  // Both packages' Node entries sit in their dist/ folders, beside the files wanted here.
  const humanDist = dirname(require.resolve('@vladmandic/human'));
  const wasm = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: {
      human: pathToFileURL(join(humanDist, 'human.esm.js')).href,
      modelsUrl: `${pathToFileURL(join(humanDist, '..', 'models')).href}/`,
      wasmUrl: `${pathToFileURL(wasm).href}/`,
      wasmDir: wasm,
    },
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  // Idle between jobs, it must not keep a finishing process alive.
  worker.unref();
  try {
    await nextAnswer(worker);
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  return worker;
}

/**
 * Finds people in pictures. The models load once per worker process, on first use, in a thread
 * of their own: inference is CPU work that must not stall the job worker's event loop, and a
 * picture that takes too long stops the thread (the next one starts fresh).
 */
@Injectable()
export class PersonDetector implements OnModuleDestroy {
  private readonly engine = new LazyEngine<Worker>('person detection', startThread, async (worker) => {
    await worker.terminate();
  });

  /** The best score `detector` gives anything on `image` (0 for nothing found); must finish by `deadline`. */
  detect(image: RgbImage, detector: Detector, deadline: number): Promise<number> {
    return this.engine.run(async (worker) => {
      const answer = nextAnswer(worker);
      const pixels = image.pixels.slice().buffer;
      worker.postMessage({ width: image.width, height: image.height, pixels, detector }, [pixels]);
      return (await answer).score ?? 0;
    }, deadline);
  }

  onModuleDestroy(): Promise<void> {
    return this.engine.close();
  }
}
