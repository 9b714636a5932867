import { FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { personPhoto } from './support/evidence-samples';
import { proofClient, screenshotReading, selfieReading } from './support/proofs';

describe('the proof.check vision step, added to the local checks, through the real SDK and a fake OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let proofs: ReturnType<typeof proofClient>;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_MODEL: 'fake-vision',
      OPENAI_TIMEOUT_MS: '2000',
    });
    proofs = proofClient(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function ready(selfie?: Buffer): Promise<{ me: SignedIn; files: Record<string, string> }> {
    const me = await signIn(t);
    await proofs.addPending(me, 20);
    return { me, files: await proofs.uploadAll(me, { selfie }) };
  }

  it("asks about the selfie (with today's code), then the screenshot, and credits when the model sees them", async () => {
    const { me, files } = await ready();
    const code = await proofs.code(me);
    fake.requests.length = 0;
    fake.script = [selfieReading(), screenshotReading()];
    await proofs.validate(me, files).expect(200);
    expect(fake.requests).toHaveLength(2);
    const [selfie, screenshot] = fake.requests.map(
      (r) => JSON.parse(r.body) as { model: string; messages: Array<{ content: unknown }> },
    );
    expect(selfie.model).toBe('fake-vision');
    expect(JSON.stringify(selfie.messages[0].content)).toContain(code);
    const image = (sent: typeof selfie) =>
      (sent.messages[1].content as Array<{ image_url: { url: string } }>)[0].image_url.url.split(',')[0];
    expect([image(selfie), image(screenshot)]).toEqual(['data:image/jpeg;base64', 'data:image/png;base64']);
    const [day] = (await t.http.get('/api/proof/history').set(me.auth).expect(200)).body;
    expect(day.proofs[0].checks.map((c: { name: string }) => c.name)).toEqual(['file', 'person', 'code', 'vision']);
    expect(day.proofs[1].checks.map((c: { name: string }) => c.name)).not.toContain('vision');
    expect(day.proofs[2].checks.map((c: { name: string }) => c.name)).toEqual(['file', 'activity', 'vision']);
  });

  it.each([
    [
      [selfieReading({ inGymLikePlace: false }), screenshotReading()],
      'Gym selfie: Your gym selfie must show you in a gym or workout space',
    ],
    [
      [selfieReading({ showsCode: false }), screenshotReading()],
      /^Gym selfie: Your gym selfie must show today's code [A-Z2-9]{6} \(on paper or a screen\)$/,
    ],
    [
      [selfieReading(), screenshotReading(false)],
      'Activity-watch screenshot: Your activity-watch screenshot must show activity data (steps, calories, heart rate or workout time)',
    ],
  ])('refuses with 422 when the model answers %j, and changes nothing', async (answers, message) => {
    const { me, files } = await ready();
    fake.script = [...answers];
    const res = await proofs.validate(me, files).expect(422);
    expect(res.body.error).toBe('Proof Rejected');
    expect(res.body.message).toMatch(message);
    expect(await t.app.get(LedgerReadsService).balance(me.user.id, 'pending')).toBe(20);
    expect(await t.app.get(LedgerReadsService).balance(me.user.id)).toBe(0);
    expect((await t.http.get('/api/proof/history').set(me.auth).expect(200)).body).toEqual([]);
  });

  it('never lets the model accept what the local checks refused: a selfie without the code is not sent to it', async () => {
    const { me, files } = await ready(personPhoto(1, proofs.nextSeed()));
    fake.requests.length = 0;
    fake.script = [screenshotReading(), selfieReading()];
    const res = await proofs.validate(me, files).expect(422);
    expect(res.body.message).toMatch(/^Gym selfie: Code [A-Z2-9]{6} not found: show it on paper or a screen$/);
    expect(fake.requests).toHaveLength(1);
    expect(JSON.stringify(JSON.parse(fake.requests[0].body).messages[0].content)).toContain('screenshot');
  });
});
