import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';

import { ZipFile } from 'yazl';

import { runIsolated } from '../../src/common/isolated-script';

/**
 * Activity files as devices and apps write them, for the activity-file tests and the evidence
 * suite: FIT written by Garmin's own SDK encoder, TCX and GPX as Garmin Connect exports them (with
 * heart-rate extensions), an Apple Health export.zip (yazl) holding two weeks of records. Every
 * sample comes from one recording model (a run or ride with a heart rate that warms up, drifts and
 * wavers, a track moving at pace); the fakes change one thing each.
 */

export interface ActivitySpec {
  start: Date;
  minutes: number;
  kind?: 'running' | 'cycling' | 'walking';
  /** Seconds between samples (devices record every 1–8 s). */
  everySeconds?: number;
  heartRate?: 'realistic' | 'flat' | 'none' | 'impossible';
  /** A timestamp midway jumps back a minute (an edited file). */
  backwards?: boolean;
  /** The device's serial number (FIT file_id, TCX Creator UnitId). */
  serial?: number;
  /** Changes the noise, the place and so the bytes: two seeds are two different recordings. */
  seed?: number;
  /** UTC offset of the recording's local time in minutes (Apple Health writes local times). */
  utcOffsetMinutes?: number;
  /** The session's step (stride) count as the file states it, whatever was recorded (an edited FIT). */
  totalCycles?: number;
  /** Edits the recorded samples before they are written (a copy dressed as another recording). */
  dress?: (samples: Sample[]) => Sample[];
  /** The GPX creator attribute (the app that wrote the file). */
  creator?: string;
}

export interface Sample {
  time: Date;
  bpm: number | null;
  lat: number;
  lon: number;
  meters: number;
}

/** A small deterministic generator (mulberry32), so a seed always makes the same file. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PACE_MPS = { running: 3.1, cycling: 7.5, walking: 1.4 } as const;

/**
 * The samples of a recording: an effort that warms up and then varies as a route and a body do
 * (hills, surges: slow random waves, their periods and phases set by the seed), a pace that follows
 * it, a heart rate that follows it half a minute late (rising from about 95 to the 150s, drifting
 * and wavering), and a track as a GPS receiver reports it: a wandering heading and a position off by
 * a few metres, the error drifting slowly rather than jumping.
 */
export function samplesOf(spec: ActivitySpec): Sample[] {
  const every = spec.everySeconds ?? 5;
  const next = random(spec.seed ?? 1);
  const count = Math.floor((spec.minutes * 60) / every) + 1;
  const pace = PACE_MPS[spec.kind ?? 'running'];
  let heading = next() * 2 * Math.PI;
  let lat = 52.5 + next() * 0.1;
  let lon = 13.3 + next() * 0.2;
  let meters = 0;
  const resting = 90 + next() * 15;
  // Effort wanders (an Ornstein-Uhlenbeck walk: hills, surges, easing off) about its warm-up curve.
  let wander = 0;
  let heartEffort = 0;
  const gpsError = { north: 0, east: 0 };
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const seconds = i * every;
    const warm = 1 - Math.exp(-seconds / 240);
    wander += -wander * (every / 90) + (next() - 0.5) * 0.06 * Math.sqrt(every);
    const effort = warm * (1 + wander);
    // The heart follows effort with a lag of about 30 s.
    heartEffort += (effort - heartEffort) * Math.min(1, every / 30);
    const realistic = resting + 62 * heartEffort + 0.004 * seconds + (next() - 0.5) * 6;
    // Impossible: a heart near 250 bpm throughout (FIT stores a byte, so no higher).
    const bpm = {
      realistic: Math.round(realistic),
      flat: 120,
      none: null,
      impossible: Math.min(250, Math.round(realistic + 130)),
    }[spec.heartRate ?? 'realistic'];
    const step = i === 0 ? 0 : pace * every * (1 + wander) * (0.95 + next() * 0.1);
    meters += step;
    heading += (next() - 0.5) * 0.08 * every;
    lat += (step * Math.cos(heading)) / 111_195;
    lon += (step * Math.sin(heading)) / (111_195 * Math.cos((lat * Math.PI) / 180));
    // A receiver's error: a few metres, wandering, not white.
    gpsError.north = 0.9 * gpsError.north + (next() - 0.5) * 2.5;
    gpsError.east = 0.9 * gpsError.east + (next() - 0.5) * 2.5;
    let time = spec.start.getTime() + seconds * 1000;
    if (spec.backwards && i === Math.floor(count / 2)) time -= 60_000;
    const reportedLat = lat + gpsError.north / 111_195;
    const reportedLon = lon + gpsError.east / (111_195 * Math.cos((lat * Math.PI) / 180));
    samples.push({ time: new Date(time), bpm, lat: reportedLat, lon: reportedLon, meters });
  }
  return spec.dress ? spec.dress(samples) : samples;
}

const totals = (spec: ActivitySpec, samples: Sample[]) => {
  const last = samples[samples.length - 1];
  const withHr = samples.filter((s) => s.bpm !== null).map((s) => s.bpm!);
  return {
    seconds: spec.minutes * 60,
    meters: last.meters,
    calories: Math.round(spec.minutes * 11),
    steps: spec.kind === 'cycling' ? null : Math.round(spec.minutes * (spec.kind === 'walking' ? 110 : 168)),
    avgHr: withHr.length ? Math.round(withHr.reduce((a, b) => a + b, 0) / withHr.length) : null,
    maxHr: withHr.length ? Math.max(...withHr) : null,
  };
};

const SEMICIRCLES = 2 ** 31 / 180;

/** Runs Garmin's FIT encoder (ESM) in a thread, as the server runs its decoder. */
const ENCODE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  try {
    const { Encoder, Profile } = await import(workerData.fitsdk);
    const encoder = new Encoder();
    for (const [name, fields] of workerData.messages) encoder.onMesg(Profile.MesgNum[name], fields);
    parentPort.postMessage({ result: encoder.close() });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
})();
`;

/** A FIT activity file as a Garmin watch writes it: file id, records, a lap, the session, the activity. */
export async function fitFile(spec: ActivitySpec): Promise<Buffer> {
  const samples = samplesOf(spec);
  const sum = totals(spec, samples);
  const end = new Date(spec.start.getTime() + sum.seconds * 1000);
  const sport = spec.kind ?? 'running';
  const session = {
    timestamp: end,
    startTime: spec.start,
    sport,
    subSport: 'generic',
    totalElapsedTime: sum.seconds,
    totalTimerTime: sum.seconds,
    totalDistance: sum.meters,
    totalCalories: sum.calories,
    ...(spec.totalCycles !== undefined
      ? { totalCycles: spec.totalCycles }
      : sum.steps === null
        ? {}
        : { totalCycles: Math.round(sum.steps / 2) }),
    ...(sum.avgHr === null ? {} : { avgHeartRate: sum.avgHr, maxHeartRate: sum.maxHr }),
    messageIndex: 0,
  };
  const messages: Array<[string, Record<string, unknown>]> = [
    [
      'FILE_ID',
      {
        type: 'activity',
        manufacturer: 'garmin',
        product: 3990,
        serialNumber: spec.serial ?? 3_412_345_678,
        timeCreated: spec.start,
      },
    ],
    ['EVENT', { timestamp: spec.start, event: 'timer', eventType: 'start' }],
    ...samples.map((s): [string, Record<string, unknown>] => [
      'RECORD',
      {
        timestamp: s.time,
        positionLat: Math.round(s.lat * SEMICIRCLES),
        positionLong: Math.round(s.lon * SEMICIRCLES),
        distance: s.meters,
        ...(s.bpm === null ? {} : { heartRate: s.bpm }),
      },
    ]),
    ['EVENT', { timestamp: end, event: 'timer', eventType: 'stopAll' }],
    [
      'LAP',
      {
        timestamp: end,
        startTime: spec.start,
        totalElapsedTime: sum.seconds,
        totalTimerTime: sum.seconds,
        totalDistance: sum.meters,
        messageIndex: 0,
      },
    ],
    ['SESSION', session],
    [
      'ACTIVITY',
      {
        timestamp: end,
        numSessions: 1,
        totalTimerTime: sum.seconds,
        type: 'manual',
        event: 'activity',
        eventType: 'stop',
      },
    ],
  ];
  const bytes = await runIsolated<Uint8Array>(
    ENCODE,
    { messages, fitsdk: pathToFileURL(require.resolve('@garmin/fitsdk')).href },
    { timeoutMs: 20_000, maxHeapMb: 256 },
  );
  return Buffer.from(bytes);
}

const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z');
const TCX_SPORT = { running: 'Running', cycling: 'Biking', walking: 'Other' } as const;

/** A TCX activity as Garmin Connect exports it, with the device (Creator) and the LX steps extension. */
export function tcxFile(spec: ActivitySpec): Buffer {
  const samples = samplesOf(spec);
  const sum = totals(spec, samples);
  const points = samples
    .map(
      (s) =>
        `<Trackpoint><Time>${iso(s.time)}</Time><Position><LatitudeDegrees>${s.lat.toFixed(7)}</LatitudeDegrees><LongitudeDegrees>${s.lon.toFixed(7)}</LongitudeDegrees></Position>` +
        `<AltitudeMeters>34.2</AltitudeMeters><DistanceMeters>${s.meters.toFixed(1)}</DistanceMeters>` +
        (s.bpm === null ? '' : `<HeartRateBpm><Value>${s.bpm}</Value></HeartRateBpm>`) +
        '</Trackpoint>',
    )
    .join('\n          ');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd" xmlns:ns5="http://www.garmin.com/xmlschemas/ActivityGoals/v1" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" xmlns:ns2="http://www.garmin.com/xmlschemas/UserProfile/v2" xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Activities>
    <Activity Sport="${TCX_SPORT[spec.kind ?? 'running']}">
      <Id>${iso(spec.start)}</Id>
      <Lap StartTime="${iso(spec.start)}">
        <TotalTimeSeconds>${sum.seconds.toFixed(1)}</TotalTimeSeconds>
        <DistanceMeters>${sum.meters.toFixed(1)}</DistanceMeters>
        <Calories>${sum.calories}</Calories>
        ${sum.avgHr === null ? '' : `<AverageHeartRateBpm><Value>${sum.avgHr}</Value></AverageHeartRateBpm><MaximumHeartRateBpm><Value>${sum.maxHr}</Value></MaximumHeartRateBpm>`}
        <Intensity>Active</Intensity>
        <TriggerMethod>Manual</TriggerMethod>
        <Track>
          ${points}
        </Track>
        <Extensions><ns3:LX><ns3:AvgSpeed>${(sum.meters / sum.seconds).toFixed(3)}</ns3:AvgSpeed>${sum.steps === null ? '' : `<ns3:Steps>${sum.steps}</ns3:Steps>`}</ns3:LX></Extensions>
      </Lap>
      <Creator xsi:type="Device_t">
        <Name>Forerunner 255</Name>
        <UnitId>${spec.serial ?? 3_412_345_678}</UnitId>
        <ProductID>3990</ProductID>
        <Version><VersionMajor>20</VersionMajor><VersionMinor>26</VersionMinor><BuildMajor>0</BuildMajor><BuildMinor>0</BuildMinor></Version>
      </Creator>
    </Activity>
  </Activities>
  <Author xsi:type="Application_t"><Name>Connect Api</Name><Build><Version><VersionMajor>0</VersionMajor><VersionMinor>0</VersionMinor></Version></Build><LangID>en</LangID><PartNumber>006-D2449-00</PartNumber></Author>
</TrainingCenterDatabase>
`);
}

/** A GPX track as Garmin Connect exports it, heart rate in Garmin's TrackPointExtension. */
export function gpxFile(spec: ActivitySpec): Buffer {
  const samples = samplesOf(spec);
  const points = samples
    .map(
      (s) =>
        `<trkpt lat="${s.lat.toFixed(7)}" lon="${s.lon.toFixed(7)}"><ele>34.2</ele><time>${iso(s.time)}</time>` +
        (s.bpm === null
          ? ''
          : `<extensions><ns3:TrackPointExtension><ns3:hr>${s.bpm}</ns3:hr><ns3:cad>84</ns3:cad></ns3:TrackPointExtension></extensions>`) +
        '</trkpt>',
    )
    .join('\n      ');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="${spec.creator ?? 'Garmin Connect'}" version="1.1" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/11.xsd" xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ns2="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
  <metadata><link href="connect.garmin.com"><text>Garmin Connect</text></link><time>${iso(spec.start)}</time></metadata>
  <trk>
    <name>Morning ${spec.kind ?? 'running'}</name>
    <type>${spec.kind ?? 'running'}</type>
    <trkseg>
      ${points}
    </trkseg>
  </trk>
</gpx>
`);
}

/** "2026-11-25 08:30:00 +0100": Apple Health's local time with its offset. */
function appleDate(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local.slice(0, 10)} ${local.slice(11, 19)} ${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const WATCH_DEVICE =
  '&lt;&lt;HKDevice: 0x600001f2c870&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.1&gt;';
const PHONE_DEVICE =
  '&lt;&lt;HKDevice: 0x600001f2c7d0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:17.1&gt;';
const HEALTH_DTD = `<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
]>`;

export interface HealthExportSpec extends ActivitySpec {
  /** Days of everyday records before the workout's day (steps every hour, a resting heart rate every 10 minutes). */
  historyDays?: number;
  /** Steps the phone and the watch each counted on the workout's day (they count the same steps). */
  daySteps?: number;
}

/** export.xml as the Health app writes it: the DTD, two weeks of records, the workouts, activity summaries. */
export function healthExportXml(spec: HealthExportSpec): string {
  const offset = spec.utcOffsetMinutes ?? 0;
  // Every person's devices carry their name; the seed picks whose export this is.
  const owner = ['Jane', 'Ahmed', 'Mei', 'Lars', 'Ana', 'Kofi'][(spec.seed ?? 1) % 6] + ` ${spec.seed ?? 1}`;
  const watch = `${owner}’s Apple Watch`;
  const phone = `${owner}’s iPhone`;
  const date = (d: Date) => appleDate(d, offset);
  const next = random((spec.seed ?? 1) * 7919);
  const samples = samplesOf({ ...spec, everySeconds: spec.everySeconds ?? 5 });
  const sum = totals(spec, samples);
  const end = new Date(spec.start.getTime() + sum.seconds * 1000);
  const hour = 3600_000;
  const steps: string[] = [];
  const heart: string[] = [];
  const record = (type: string, source: string, device: string, unit: string, from: Date, to: Date, value: number) =>
    `<Record type="${type}" sourceName="${source}" sourceVersion="17.1" device="${device}" unit="${unit}" creationDate="${date(to)}" startDate="${date(from)}" endDate="${date(to)}" value="${value}"/>`;
  // Records up to the hour the export was made: the day's steps so far are `daySteps`.
  const exportedAt = new Date(end.getTime() + hour);
  const dayStart = new Date(spec.start.getTime() - ((spec.start.getTime() + offset * 60_000) % (24 * hour)));
  const hoursToday = Math.ceil((exportedAt.getTime() - dayStart.getTime()) / hour);
  const daySteps = spec.daySteps ?? 9000;
  for (let h = -(spec.historyDays ?? 14) * 24; h < hoursToday; h++) {
    const from = new Date(dayStart.getTime() + h * hour);
    const today = h >= 0;
    const count = today
      ? Math.floor(daySteps / hoursToday) + (h === hoursToday - 1 ? daySteps % hoursToday : 0)
      : Math.round(200 + next() * 600);
    for (const [source, device] of [
      [phone, PHONE_DEVICE],
      [watch, WATCH_DEVICE],
    ]) {
      steps.push(
        record(
          'HKQuantityTypeIdentifierStepCount',
          source,
          device,
          'count',
          from,
          new Date(from.getTime() + hour - 1000),
          count,
        ),
      );
    }
    for (let m = 0; m < 60; m += 10) {
      const at = new Date(from.getTime() + m * 60_000);
      // During a workout the watch records the workout's own heart rate, not the background one.
      if (at >= spec.start && at <= end) continue;
      heart.push(
        record(
          'HKQuantityTypeIdentifierHeartRate',
          watch,
          WATCH_DEVICE,
          'count/min',
          at,
          at,
          Math.round(62 + next() * 14),
        ),
      );
    }
  }
  for (const s of samples)
    if (s.bpm !== null)
      heart.push(record('HKQuantityTypeIdentifierHeartRate', watch, WATCH_DEVICE, 'count/min', s.time, s.time, s.bpm));
  const type = {
    running: 'HKWorkoutActivityTypeRunning',
    cycling: 'HKWorkoutActivityTypeCycling',
    walking: 'HKWorkoutActivityTypeWalking',
  }[spec.kind ?? 'running'];
  // An edited export: the workout ends an hour before it starts.
  const workoutEnd = spec.backwards ? new Date(spec.start.getTime() - hour) : end;
  const workout = `<Workout workoutActivityType="${type}" duration="${spec.minutes}" durationUnit="min" sourceName="${watch}" sourceVersion="10.1" device="${WATCH_DEVICE}" creationDate="${date(end)}" startDate="${date(spec.start)}" endDate="${date(workoutEnd)}">
  <MetadataEntry key="HKIndoorWorkout" value="0"/>
  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="${date(spec.start)}" duration="${(spec.minutes / 4).toFixed(2)}" durationUnit="min"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="${date(spec.start)}" endDate="${date(end)}" sum="${sum.calories}" unit="Cal"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="${date(spec.start)}" endDate="${date(end)}" sum="${(sum.meters / 1000).toFixed(3)}" unit="km"/>
  ${sum.avgHr === null ? '' : `<WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="${date(spec.start)}" endDate="${date(end)}" average="${sum.avgHr}" minimum="90" maximum="${sum.maxHr}" unit="count/min"/>`}
  <WorkoutRoute sourceName="${watch}" sourceVersion="10.1" creationDate="${date(end)}" startDate="${date(spec.start)}" endDate="${date(end)}">
   <FileReference path="/workout-routes/route_${date(spec.start).slice(0, 10)}.gpx"/>
  </WorkoutRoute>
 </Workout>`;
  // An older workout, days before: the reader must pick the day's own.
  const older = new Date(spec.start.getTime() - 3 * 24 * hour);
  const olderWorkout = `<Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="45" durationUnit="min" sourceName="${watch}" sourceVersion="10.1" device="${WATCH_DEVICE}" creationDate="${date(older)}" startDate="${date(older)}" endDate="${date(new Date(older.getTime() + 45 * 60_000))}"/>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
${HEALTH_DTD}
<HealthData locale="en_US">
 <ExportDate value="${date(exportedAt)}"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-04-12" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
 ${steps.join('\n ')}
 ${heart.join('\n ')}
 ${olderWorkout}
 ${workout}
 <ActivitySummary dateComponents="${date(spec.start).slice(0, 10)}" activeEnergyBurned="${sum.calories + 200}" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="${spec.minutes}" appleExerciseTimeGoal="30" appleStandHours="9" appleStandHoursGoal="12"/>
</HealthData>
`;
}

/** Zips named entries with yazl, deflated as the Health app does. */
export async function zipOf(entries: Array<[string, Buffer | Readable, number?]>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content, size] of entries) {
    if (Buffer.isBuffer(content)) zip.addBuffer(content, name);
    else zip.addReadStream(content, name, size === undefined ? {} : { size });
  }
  zip.end();
  return buffer(zip.outputStream);
}

/** export.zip: apple_health_export/ with export.xml, the CDA copy and a workout route. */
export function appleHealthZip(spec: HealthExportSpec): Promise<Buffer> {
  return zipOf([
    ['apple_health_export/export.xml', Buffer.from(healthExportXml(spec))],
    [
      'apple_health_export/export_cda.xml',
      Buffer.from('<?xml version="1.0"?><ClinicalDocument xmlns="urn:hl7-org:v3"/>'),
    ],
    ['apple_health_export/workout-routes/route.gpx', gpxFile({ ...spec, heartRate: 'none' })],
  ]);
}

/** `bytes` of `pattern` repeated (zeros by default), streamed: a bomb's payload never sits in the test's memory. */
export function repeated(bytes: number, pattern = '\0'): Readable {
  let left = bytes;
  // Whole patterns per chunk, so a repeated element is never cut between two chunks.
  const chunk = Buffer.from(pattern.repeat(Math.max(1, Math.floor((1024 * 1024) / pattern.length))));
  return new Readable({
    read() {
      const size = Math.min(left, chunk.length);
      left -= size;
      this.push(size ? chunk.subarray(0, size) : null);
    },
  });
}

/** A zip bomb shaped as an export: export.xml is `inflated` bytes of zeros, compressed about a thousand times. */
export function zipBomb(inflated = 100 * 1024 * 1024): Promise<Buffer> {
  return zipOf([['apple_health_export/export.xml', repeated(inflated), inflated]]);
}

/**
 * A bomb whose directory lies: export.xml is well-formed records compressed hundreds of times, but
 * the directory declares only `declared` bytes inflated (a ratio the limits let through), so only
 * checking the bytes while inflating can stop it.
 */
export async function lyingZipBomb(inflated = 64 * 1024 * 1024, declared = 4 * 1024 * 1024): Promise<Buffer> {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n';
  const record =
    ' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="x" unit="count" startDate="2026-01-01 08:00:00 +0000" endDate="2026-01-01 08:01:00 +0000" value="1"/>\n';
  const payload = Readable.from(
    (async function* () {
      yield Buffer.from(head);
      yield* repeated(inflated - head.length, record);
    })(),
  );
  const zip = await zipOf([['apple_health_export/export.xml', payload, inflated]]);
  const central = zip.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1'));
  zip.writeUInt32LE(declared, central + 24);
  return zip;
}

/** A time zone (fixed offset) where it is now early afternoon, so a 30-minute activity an hour ago is today there. */
export function afternoonZone(now = new Date()): { timeZone: string; offsetMinutes: number } {
  const utcHour = now.getUTCHours();
  const offsetHours = ((((14 - utcHour) % 24) + 24 + 12) % 24) - 12; // -12…+11, local hour 14
  // Etc/GMT signs are inverted: Etc/GMT-5 is UTC+5.
  const timeZone = offsetHours === 0 ? 'UTC' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`;
  return { timeZone, offsetMinutes: offsetHours * 60 };
}
