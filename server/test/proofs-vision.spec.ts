import { FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai';
import { LedgerService } from '../src/ledger/ledger.service';
import { SignedIn, TestApp, signIn, startTestApp } from './harness';
import { proofClient, visionReading } from './support/proofs';

describe('the proof.check vision step through the real SDK and a fake OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let proofs: ReturnType<typeof proofClient>;

  beforeAll(async () => {
    fake = await startFakeOpenAi(visionReading());
    t = await startTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: 'fake-vision', OPENAI_TIMEOUT_MS: '2000' });
    proofs = proofClient(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function ready(): Promise<{ me: SignedIn; files: Record<string, string> }> {
    const me = await signIn(t);
    await proofs.addPending(me, 20);
    return { me, files: await proofs.uploadAll(me) };
  }

  it("sends both images and today's code, and credits when the model sees them", async () => {
    const { me, files } = await ready();
    const code = (await t.http.get('/api/proof/challenge').set(me.auth).expect(200)).body.code as string;
    fake.requests.length = 0;
    await proofs.validate(me, files).expect(200);
    expect(fake.requests).toHaveLength(1);
    const sent = JSON.parse(fake.requests[0].body) as { model: string; messages: Array<{ content: unknown }> };
    expect(sent.model).toBe('fake-vision');
    expect(JSON.stringify(sent.messages[0].content)).toContain(code);
    const images = sent.messages[1].content as Array<{ type: string; image_url: { url: string } }>;
    expect(images.map((part) => part.image_url.url.slice(0, 22))).toEqual(['data:image/png;base64,', 'data:image/png;base64,']);
    const [day] = (await t.http.get('/api/proof/history').set(me.auth).expect(200)).body;
    expect(day.proofs[0].checks.map((c: { engine: string }) => c.engine)).toEqual(['structural', 'vision']);
  });

  it.each([
    [{ selfieInGymLikePlace: false }, 'Your gym selfie must show you in a gym or workout space'],
    [{ selfieShowsCode: false }, /^Your gym selfie must show today's code [A-Z2-9]{6} \(on paper or a screen\)$/],
    [{ screenshotShowsActivityData: false }, 'Your activity-watch screenshot must show activity data (steps, calories, heart rate or workout time)'],
  ])('refuses with 422 when the model answers %j, and changes nothing', async (answer, message) => {
    const { me, files } = await ready();
    fake.script = [visionReading(answer)];
    const res = await proofs.validate(me, files).expect(422);
    expect(res.body.error).toBe('Proof Rejected');
    expect(res.body.message).toMatch(message);
    expect(await t.app.get(LedgerService).balance(me.user.id, 'pending')).toBe(20);
    expect(await t.app.get(LedgerService).balance(me.user.id)).toBe(0);
    expect((await t.http.get('/api/proof/history').set(me.auth).expect(200)).body).toEqual([]);
  });
});

