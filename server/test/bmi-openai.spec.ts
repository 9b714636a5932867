import { FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai';
import { ModelClient } from '../src/ai/model-client';
import { BmiReportAnalyzer } from '../src/bmi/bmi-report.analyzer';
import type { EvidenceService } from '../src/evidence/evidence.service';
import { pdfWithLines, pngBytes } from './support/uploads';

/** The analyzer with the AI module's model client, through the real SDK, against a fake OpenAI-compatible server. */
describe('BmiReportAnalyzer with a model', () => {
  let fake: FakeOpenAi;
  let analyzer: BmiReportAnalyzer;
  const lastRequest = () => JSON.parse(fake.requests[fake.requests.length - 1].body);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const openai = { apiKey: 'sk-test', baseUrl: `${fake.url}/v1`, model: 'fake-model', timeoutMs: 2000 };
    // With a key the model reads images itself: the local text reader must not be asked.
    const localReader = {
      documentText: () => Promise.reject(new Error('the local reader was asked')),
    } as unknown as EvidenceService;
    analyzer = new BmiReportAnalyzer(new ModelClient(openai), localReader);
  });
  afterAll(() => fake.close());

  it('sends the PDF’s text with a strict schema and writes the analysis from the values the model read', async () => {
    fake.script = [
      {
        content: JSON.stringify({
          bmiValue: 27.1,
          bodyFatPercentage: null,
          muscleMass: 31.4,
          height: null,
          weight: null,
        }),
      },
    ];
    const bytes = await pdfWithLines(['DEXA Body Composition', 'BMI 27.1', 'Lean Mass 69.2 lbs']);
    const analysis = await analyzer.analyze({ bytes, mime: 'application/pdf' });
    expect(analysis).toMatchObject({ bmiValue: 27.1, muscleMass: 31.4 });
    expect(analysis).not.toHaveProperty('bodyFatPercentage');
    expect(analysis).not.toHaveProperty('height');
    expect(analysis.analysis).toContain('(Overweight)');
    const sent = lastRequest();
    expect(sent.response_format.json_schema.strict).toBe(true);
    expect(JSON.stringify(sent.messages)).toContain('DEXA Body Composition');
  });

  it('sends an image as a data URL', async () => {
    fake.script = [
      {
        content: JSON.stringify({
          bmiValue: 21.4,
          bodyFatPercentage: 15.2,
          muscleMass: null,
          height: null,
          weight: null,
        }),
      },
    ];
    const analysis = await analyzer.analyze({ bytes: pngBytes(), mime: 'image/png' });
    expect(analysis).toMatchObject({ bmiValue: 21.4, bodyFatPercentage: 15.2 });
    expect(lastRequest().messages[1].content[0].image_url.url).toMatch(/^data:image\/png;base64,/);
  });

  it('passes on the height and weight the model read, within the calculator’s ranges (they reach the profile)', async () => {
    fake.script = [
      {
        content: JSON.stringify({
          bmiValue: 24.2,
          bodyFatPercentage: null,
          muscleMass: null,
          height: 181.6,
          weight: 79.8,
        }),
      },
    ];
    expect(await analyzer.analyze({ bytes: pngBytes(), mime: 'image/png' })).toMatchObject({
      height: 181,
      weight: 79.8,
    });
    expect(JSON.stringify(lastRequest().response_format.json_schema.schema.required)).toContain('height');

    fake.script = [
      {
        content: JSON.stringify({ bmiValue: 24.2, bodyFatPercentage: null, muscleMass: null, height: 95, weight: 320 }),
      },
    ];
    const outOfRange = await analyzer.analyze({ bytes: pngBytes(), mime: 'image/png' });
    expect(outOfRange).not.toHaveProperty('height');
    expect(outOfRange).not.toHaveProperty('weight');
  });

  it('answers 422 when the model finds no BMI, never a guess', async () => {
    fake.script = [
      {
        content: JSON.stringify({
          bmiValue: null,
          bodyFatPercentage: null,
          muscleMass: null,
          height: null,
          weight: null,
        }),
      },
    ];
    await expect(analyzer.analyze({ bytes: pngBytes(), mime: 'image/png' })).rejects.toMatchObject({
      code: 'BMI_REPORT_UNREADABLE',
      title: 'Analysis Failed',
    });
  });
});
