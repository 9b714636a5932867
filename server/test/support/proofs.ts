import type { ProofKind } from '../../src/contract';
import { LedgerService } from '../../src/ledger/ledger.service';
import type { SignedIn, TestApp } from '../harness';
import { mp4Video, pngImage, webmVideo } from './proof-files';
import { pathOf } from './uploads';

/** Proof calls as the dialog makes them, with fresh files each time (a file proves one day only). */
export function proofClient(t: TestApp) {
  let seed = Date.now() % 100_000;
  const ledger = t.app.get(LedgerService);

  async function upload(me: SignedIn, kind: ProofKind, bytes: Buffer, contentType: string): Promise<string> {
    const { body } = await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind }).expect(200);
    await t.http.put(pathOf(body.uploadURL)).set('Content-Type', contentType).send(bytes).expect(200);
    return body.uploadURL as string;
  }

  return {
    nextSeed: () => ++seed,
    upload,
    /** Pending credits as a completed workout leaves them, without depending on the workouts module. */
    addPending: (me: SignedIn, amount: number) =>
      ledger.post({ userId: me.user.id, account: 'pending', amount, kind: 'workout', reason: 'Workout: test session' }),
    /** The three kinds uploaded: a PNG selfie, an MP4 or WebM video, a PNG watch screenshot. */
    async uploadAll(me: SignedIn, selfie = pngImage(96, 96, ++seed)) {
      return {
        gym_selfie: await upload(me, 'gym_selfie', selfie, 'image/png'),
        workout_video: await upload(me, 'workout_video', seed % 2 ? mp4Video(++seed) : webmVideo(++seed), 'video/mp4'),
        apple_watch: await upload(me, 'apple_watch', pngImage(120, 200, ++seed), 'image/png'),
      };
    },
    validate: (me: SignedIn, proofs: Record<string, string>, timeZone?: string) =>
      t.http.post('/api/proof/validate-all').set(me.auth).send({ proofs, ...(timeZone ? { timeZone } : {}) }),
  };
}
