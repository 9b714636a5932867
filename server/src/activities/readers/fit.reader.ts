import { pathToFileURL } from 'node:url';

import { IsolatedScriptTimeout, runIsolated } from '../../common/isolated-script';
import { ACTIVITY_READ_LIMITS } from '../../contract';
import type { ActivityReading } from './activity-reading';
import { ReadDeadline, unreadable } from './read-limits';
import { HeartRateSeries, SeriesRecorder, Timeline } from './samples';
import { fitKind } from './sport-kinds';

/**
 * Decodes a FIT file with Garmin's SDK in a thread of its own (runIsolated: a heap cap and the
 * read's time left; the SDK is ESM and decodes the whole file at once) and answers only the fields
 * the reading needs: file id, sessions, and each record's time, heart rate and position.
 */
const DECODE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  try {
    const { Decoder, Stream } = await import(workerData.fitsdk);
    const decoder = new Decoder(Stream.fromByteArray(workerData.bytes));
    if (!decoder.isFIT()) return parentPort.postMessage({ result: { fit: false } });
    const intact = decoder.checkIntegrity();
    const { messages, errors } = decoder.read();
    // Dates cross as epoch ms: a Date made in this thread is not an instance of the caller's Date.
    const value = (v) => (v instanceof Date ? v.getTime() : v);
    const pick = (list, keys) => (list || []).map((m) => Object.fromEntries(keys.filter((k) => m[k] !== undefined).map((k) => [k, value(m[k])])));
    parentPort.postMessage({ result: {
      fit: true,
      intact,
      errors: errors.map((e) => String(e.message)),
      fileIds: pick(messages.fileIdMesgs, ['type', 'manufacturer', 'product', 'garminProduct', 'productName', 'serialNumber', 'timeCreated']),
      sessions: pick(messages.sessionMesgs, ['startTime', 'sport', 'subSport', 'totalElapsedTime', 'totalTimerTime', 'totalDistance', 'totalCalories', 'totalCycles']),
      records: (messages.recordMesgs || []).map((r) => [r.timestamp ? r.timestamp.getTime() : null, r.heartRate ?? null, r.positionLat ?? null, r.positionLong ?? null]),
    } });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
})();
`;

interface FitFileId {
  type?: string;
  manufacturer?: string;
  product?: number;
  garminProduct?: string;
  productName?: string;
  serialNumber?: number;
  timeCreated?: number;
}

interface FitSession {
  startTime?: number;
  sport?: string;
  subSport?: string;
  totalElapsedTime?: number;
  totalTimerTime?: number;
  totalDistance?: number;
  totalCalories?: number;
  totalCycles?: number;
}

type Decoded =
  | { fit: false }
  | {
      fit: true;
      intact: boolean;
      errors: string[];
      fileIds: FitFileId[];
      sessions: FitSession[];
      records: Array<[number | null, number | null, number | null, number | null]>;
    };

/** Positions are stored in semicircles: 2^31 of them make 180 degrees. */
const SEMICIRCLE_DEGREES = 180 / 2 ** 31;
/** Running and walking sessions count strides (a cycle of both feet): two steps each. */
const STRIDE_SPORTS = new Set(['running', 'walking', 'hiking']);

export async function readFit(bytes: Buffer, deadline: ReadDeadline): Promise<ActivityReading> {
  const decoded = await decode(bytes, deadline);
  if (!decoded.fit) throw unreadable('This is not a FIT file (its header does not say .FIT)');
  if (!decoded.intact || decoded.errors.length) {
    throw unreadable(
      'This FIT file is damaged or incomplete (its size or checksum does not match): export it again from the device',
    );
  }
  const fileId = decoded.fileIds[0] ?? {};
  if (fileId.type !== 'activity')
    throw unreadable(`This FIT file is not an activity (it holds ${fileId.type ?? 'no file type'})`);
  const sessions = decoded.sessions.filter((s) => s.startTime);
  if (!sessions.length) throw unreadable('This FIT activity has no session: the recording was not saved on the device');

  const timeline = new Timeline();
  const heart = new HeartRateSeries();
  const heartSeries = new SeriesRecorder<[number]>();
  const track = new SeriesRecorder<[number, number]>();
  let firstPosition: ActivityReading['identity']['firstPosition'] = null;
  for (const [time, bpm, lat, lon] of decoded.records) {
    if (time !== null) timeline.add(time);
    if (bpm !== null) heart.add(bpm);
    if (time !== null && bpm !== null) heartSeries.add(time, bpm);
    if (time !== null && lat !== null && lon !== null)
      track.add(time, lat * SEMICIRCLE_DEGREES, lon * SEMICIRCLE_DEGREES);
    if (time !== null && lat !== null && lon !== null)
      firstPosition ??= { time: new Date(time), lat: lat * SEMICIRCLE_DEGREES, lon: lon * SEMICIRCLE_DEGREES };
  }

  const sum = (values: Array<number | undefined>) =>
    values.some((v) => v !== undefined) ? values.reduce<number>((total, v) => total + (v ?? 0), 0) : null;
  const first = sessions.reduce((a, b) => (a.startTime! <= b.startTime! ? a : b));
  const startedAt = new Date(first.startTime!);
  const strides = sum(sessions.filter((s) => STRIDE_SPORTS.has(String(s.sport))).map((s) => s.totalCycles));
  const maker = fileId.manufacturer ? fileId.manufacturer[0].toUpperCase() + fileId.manufacturer.slice(1) : null;
  const model =
    fileId.productName ?? fileId.garminProduct ?? (fileId.product === undefined ? null : String(fileId.product));
  return {
    format: 'fit',
    kind: fitKind(first.sport, first.subSport),
    startedAt,
    durationSeconds: sum(sessions.map((s) => s.totalTimerTime ?? s.totalElapsedTime)) ?? 0,
    distanceMeters: sum(sessions.map((s) => s.totalDistance)),
    calories: sum(sessions.map((s) => s.totalCalories)),
    steps: strides === null ? null : strides * 2,
    device: [maker, model].filter(Boolean).join(' ') || null,
    timeline: timeline.stats(),
    heartRate: heart.stats(),
    identity: {
      serial: fileId.serialNumber === undefined ? null : String(fileId.serialNumber),
      times: [...(fileId.timeCreated === undefined ? [] : [new Date(fileId.timeCreated)]), startedAt],
      firstPosition,
      source: null,
      deviceData: fitDeviceData(fileId),
    },
    series: { heartRate: heartSeries.values(), track: track.values() },
  };
}

/** A FIT file's device: manufacturer, product and serial, when the file id names any of the last two. */
function fitDeviceData(fileId: FitFileId): string | null {
  const product = fileId.productName ?? fileId.garminProduct ?? fileId.product;
  if (fileId.serialNumber === undefined && product === undefined) return null;
  return [fileId.manufacturer ?? '?', product ?? '?', fileId.serialNumber ?? '?'].join('/');
}

async function decode(bytes: Buffer, deadline: ReadDeadline): Promise<Decoded> {
  try {
    return await runIsolated<Decoded>(
      DECODE,
      { bytes: new Uint8Array(bytes), fitsdk: pathToFileURL(require.resolve('@garmin/fitsdk')).href },
      { timeoutMs: deadline.remainingMs(), maxHeapMb: ACTIVITY_READ_LIMITS.fitHeapMb },
    );
  } catch (err) {
    if (err instanceof IsolatedScriptTimeout)
      throw deadline.explain(unreadable(`Reading this FIT file took over ${Math.round(deadline.limitMs / 1000)} s`));
    throw unreadable('This FIT file could not be decoded: export it again from the device');
  }
}
