import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import type { Intensity, ProofKind } from '../../src/contract';
import { accepted } from '../../src/evidence/evidence.rules';
import { EvidenceService } from '../../src/evidence/evidence.service';
import { LedgerService } from '../../src/ledger/ledger.service';
import { WorkoutSession } from '../../src/workouts/workout-session.schema';
import type { SignedIn, TestApp } from '../harness';
import * as samples from './evidence-samples';
import { pathOf } from './uploads';

/** What the model answers about a selfie and about a watch screenshot (SelfieReading, ScreenshotReading in proof-checker.ts). */
export const selfieReading = (overrides: Record<string, boolean> = {}) => ({
  content: JSON.stringify({ showsPerson: true, inGymLikePlace: true, showsCode: true, ...overrides }),
});
export const screenshotReading = (showsActivityData = true) => ({ content: JSON.stringify({ showsActivityData }) });

/** Proof calls as the dialog makes them, with fresh genuine files each time (a file proves one day only). */
export function proofClient(t: TestApp) {
  let seed = Date.now() % 100_000;
  const ledger = t.app.get(LedgerService);

  async function upload(me: SignedIn, kind: ProofKind, bytes: Buffer, contentType: string): Promise<string> {
    const { body } = await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind }).expect(200);
    await t.http.put(pathOf(body.uploadURL)).set('Content-Type', contentType).send(bytes).expect(200);
    return body.uploadURL as string;
  }

  /** An exported activity file in the activity slot, named and typed as a browser sends it. */
  async function uploadActivity(me: SignedIn, bytes: Buffer, fileName: string, contentType = ''): Promise<string> {
    const { body } = await t.http
      .post('/api/proof/upload-url')
      .set(me.auth)
      .send({ kind: 'apple_watch', fileName, contentType, size: bytes.length })
      .expect(200);
    await t.http
      .put(pathOf(body.uploadURL))
      .set('Content-Type', contentType || 'application/octet-stream')
      .send(bytes)
      .expect(200);
    return body.uploadURL as string;
  }

  /** A selfie the app's checks read (evidence-samples' readableSelfie, read by this app's EvidenceService). */
  const readableSelfie = (todaysCode: string, source: number) =>
    samples.readableSelfie(todaysCode, source, async (bytes, code) =>
      accepted(await t.app.get(EvidenceService).check({ kind: 'gym_selfie', mime: 'image/jpeg', bytes }, code)),
    );

  async function code(me: SignedIn, timeZone?: string): Promise<string> {
    const { body } = await t.http
      .get('/api/proof/challenge')
      .query(timeZone ? { timeZone } : {})
      .set(me.auth)
      .expect(200);
    return body.code as string;
  }

  /**
   * A genuine selfie and video (evidence-samples.ts): a JPEG selfie with today's code (in
   * `timeZone`, UTC when not given) and an MP4 of a person moving. `selfie` replaces the selfie (a JPEG, or any PNG).
   */
  async function uploadPictures(me: SignedIn, options: { selfie?: Buffer; timeZone?: string } = {}) {
    const source = ++seed;
    const selfie = options.selfie ?? (await readableSelfie(await code(me, options.timeZone), source));
    return {
      gym_selfie: await upload(me, 'gym_selfie', selfie, selfie[0] === 0xff ? 'image/jpeg' : 'image/png'),
      workout_video: await upload(me, 'workout_video', samples.reusedWorkoutVideo(source % 3, ++seed), 'video/mp4'),
    };
  }

  return {
    nextSeed: () => ++seed,
    readableSelfie,
    upload,
    uploadActivity,
    /** The selfie and the video, for a day whose activity slot holds an activity file. */
    uploadPictures,
    /** Pending credits as a completed workout leaves them, without depending on the workouts module. */
    addPending: (me: SignedIn, amount: number) =>
      ledger.post({ userId: me.user.id, account: 'pending', amount, kind: 'workout', reason: 'Workout: test session' }),
    /** A completed session as the workouts module stores it: moderate or intense ones count for referrals and goals. */
    addSession: (me: SignedIn, intensity: Intensity = 'moderate', creditsEarned = 10) =>
      t.app.get<Model<WorkoutSession>>(getModelToken(WorkoutSession.name)).create({
        userId: new Types.ObjectId(me.user.id),
        workoutId: new Types.ObjectId(),
        workout: { name: 'Test session', type: 'strength', duration: 30 },
        completedExercises: ['a', 'b'],
        intensity,
        creditsEarned,
      }),
    /** Today's code of the user in the time zone (the code drawn in their selfie). */
    code,
    /** The three kinds uploaded, genuine: uploadPictures' selfie and video, and a PNG activity summary. */
    async uploadAll(me: SignedIn, options: { selfie?: Buffer; timeZone?: string } = {}) {
      const pictures = await uploadPictures(me, options);
      return {
        ...pictures,
        apple_watch: await upload(me, 'apple_watch', samples.activityScreenshot(++seed, ++seed), 'image/png'),
      };
    },
    validate: (me: SignedIn, proofs: Record<string, string>, timeZone?: string) =>
      t.http
        .post('/api/proof/validate-all')
        .set(me.auth)
        .send({ proofs, ...(timeZone ? { timeZone } : {}) }),
  };
}
