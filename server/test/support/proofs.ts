import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { Intensity, ProofKind } from '../../src/contract';
import { LedgerService } from '../../src/ledger/ledger.service';
import { WorkoutSession } from '../../src/workouts/workout-session.schema';
import type { SignedIn, TestApp } from '../harness';
import { mp4Video, pngImage, webmVideo } from './proof-files';
import { pathOf } from './uploads';

/** What the model answers about a selfie and a watch screenshot (VisionReading in proof-checker.ts). */
export const visionReading = (overrides: Record<string, boolean> = {}) => ({
  content: JSON.stringify({ selfieShowsPerson: true, selfieInGymLikePlace: true, selfieShowsCode: true, screenshotShowsActivityData: true, ...overrides }),
});

/** Proof calls as the dialog makes them, with fresh files each time (a file proves one day only). */
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
    const { body } = await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind: 'apple_watch', fileName, contentType, size: bytes.length }).expect(200);
    await t.http.put(pathOf(body.uploadURL)).set('Content-Type', contentType || 'application/octet-stream').send(bytes).expect(200);
    return body.uploadURL as string;
  }

  async function uploadPictures(me: SignedIn, selfie = pngImage(96, 96, ++seed)) {
    return {
      gym_selfie: await upload(me, 'gym_selfie', selfie, 'image/png'),
      workout_video: await upload(me, 'workout_video', seed % 2 ? mp4Video(++seed) : webmVideo(++seed), 'video/mp4'),
    };
  }

  return {
    nextSeed: () => ++seed,
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
    /** The three kinds uploaded: a PNG selfie, an MP4 or WebM video, a PNG watch screenshot. */
    async uploadAll(me: SignedIn, selfie = pngImage(96, 96, ++seed)) {
      return { ...(await uploadPictures(me, selfie)), apple_watch: await upload(me, 'apple_watch', pngImage(120, 200, ++seed), 'image/png') };
    },
    validate: (me: SignedIn, proofs: Record<string, string>, timeZone?: string) =>
      t.http.post('/api/proof/validate-all').set(me.auth).send({ proofs, ...(timeZone ? { timeZone } : {}) }),
  };
}
