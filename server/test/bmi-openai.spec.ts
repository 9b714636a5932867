import { FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai';
import { BmiReportAnalyzer } from '../src/bmi/bmi-report.analyzer';
import type { AppConfig } from '../src/config/config';
import { pdfWithLines, pngBytes } from './support/uploads';

/** The analyzer with an OpenAI key, through the real SDK, against a fake OpenAI-compatible server. */
describe('BmiReportAnalyzer with a model', () => {
  let fake: FakeOpenAi;
  let analyzer: BmiReportAnalyzer;
  const lastRequest = () => JSON.parse(fake.requests[fake.requests.length - 1].body);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const openai = { apiKey: 'sk-test', baseUrl: `${fake.url}/v1`, model: 'fake-model', timeoutMs: 2000 };
    analyzer = new BmiReportAnalyzer({ openai } as AppConfig);
  });
  afterAll(() => fake.close());

  it('sends the PDF’s text with a strict schema and writes the analysis from the values the model read', async () => {
    fake.script = [{ content: JSON.stringify({ bmiValue: 27.1, bodyFatPercentage: null, muscleMass: 31.4, weightKg: null }) }];
    const bytes = await pdfWithLines(['DEXA Body Composition', 'BMI 27.1', 'Lean Mass 69.2 lbs']);
    const analysis = await analyzer.analyze({ bytes, mime: 'application/pdf' });
    expect(analysis).toMatchObject({ bmiValue: 27.1, muscleMass: 31.4 });
    expect(analysis).not.toHaveProperty('bodyFatPercentage');
    expect(analysis.analysis).toContain('(Overweight)');
    const sent = lastRequest();
    expect(sent.response_format.json_schema.strict).toBe(true);
    expect(JSON.stringify(sent.messages)).toContain('DEXA Body Composition');
  });

  it('sends an image as a data URL, and keeps the body weight the model read', async () => {
    fake.script = [{ content: JSON.stringify({ bmiValue: 21.4, bodyFatPercentage: 15.2, muscleMass: null, weightKg: 69.3 }) }];
    const analysis = await analyzer.analyze({ bytes: pngBytes(), mime: 'image/png' });
    expect(analysis).toMatchObject({ bmiValue: 21.4, bodyFatPercentage: 15.2, weightKg: 69.3 });
    expect(lastRequest().response_format.json_schema.schema.required).toContain('weightKg');
    expect(lastRequest().messages[1].content[0].image_url.url).toMatch(/^data:image\/png;base64,/);
  });

  it('answers 422 when the model finds no BMI, never a guess', async () => {
    fake.script = [{ content: JSON.stringify({ bmiValue: null, bodyFatPercentage: null, muscleMass: null, weightKg: null }) }];
    await expect(analyzer.analyze({ bytes: pngBytes(), mime: 'image/png' })).rejects.toMatchObject({ code: 'BMI_REPORT_UNREADABLE', title: 'Analysis Failed' });
  });
});
