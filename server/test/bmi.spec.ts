import { BmiService } from '../src/bmi/bmi.service';
import { signIn, startTestApp, TestApp } from './harness';
import { pngBomb, reportImage } from './support/evidence-samples';
import { compressionBombPdf, manyPagesPdf } from './support/hostile-pdfs';
import { pdfWithLines, pngBytes, uploadReport } from './support/uploads';

describe('BMI over HTTP (calculator, records, report analysis through the real queue)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('POST /api/bmi', () => {
    it.each([
      [{ height: 'abc', weight: 70 }, 'Invalid Input', 'Please enter valid height and weight values.'],
      [{ height: 180, weight: 0 }, 'Invalid Input', 'Please enter valid height and weight values.'],
      [{ height: 99, weight: 70 }, 'Invalid Height', 'Height must be between 100-250 cm.'],
      [{ height: 251, weight: 70 }, 'Invalid Height', 'Height must be between 100-250 cm.'],
      [{ height: 180, weight: 29.9 }, 'Invalid Weight', 'Weight must be between 30-300 kg.'],
      [{ height: 180, weight: 300.5 }, 'Invalid Weight', 'Weight must be between 30-300 kg.'],
    ])('answers 400 to %p with the product’s toast', async (input, title, message) => {
      const me = await signIn(t);
      const res = await t.http
        .post('/api/bmi')
        .set(me.auth)
        .send({ ...input, userId: me.user.id })
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'BMI_INVALID_MEASUREMENT', message, error: title });
      const records = await t.http.get(`/api/bmi/${me.user.id}`).set(me.auth).expect(200);
      expect(records.body).toEqual([]);
    });

    it('refuses unknown fields and operator objects with 400', async () => {
      const me = await signIn(t);
      await t.http.post('/api/bmi').set(me.auth).send({ height: 180, weight: 70, admin: true }).expect(400);
      await t.http
        .post('/api/bmi')
        .set(me.auth)
        .send({ height: { $gt: '' }, weight: 70 })
        .expect(400);
    });

    it('computes, stores a record and updates the user’s height, weight and latest BMI', async () => {
      const me = await signIn(t);
      const first = await t.http
        .post('/api/bmi')
        .set(me.auth)
        .send({ height: '180', weight: '77.5', userId: me.user.id })
        .expect(200);
      expect(first.body).toEqual({ bmi: 23.9, category: 'Normal' });
      const second = await t.http.post('/api/bmi').set(me.auth).send({ height: 180, weight: 97.2 }).expect(200);
      expect(second.body).toEqual({ bmi: 30, category: 'Obese' });

      const list = await t.http.get('/api/bmi').set(me.auth).expect(200);
      expect(list.body.map((r: { bmi: number }) => r.bmi)).toEqual([30, 23.9]);
      expect(list.body[0]).toMatchObject({ category: 'Obese', height: 180, weight: 97.2, source: 'calculator' });
      const user = await t.http.get('/api/user').set(me.auth).expect(200);
      expect(user.body).toMatchObject({ height: 180, weight: 97.2, latestBmi: 30 });
      const today = new Date().toISOString().slice(0, 10);
      expect(await t.app.get(BmiService).hasRecordOn(me.user.id, today)).toBe(true);
      expect(await t.app.get(BmiService).hasRecordOn(me.user.id, '2001-01-01')).toBe(false);
    });

    it('keeps one calculator record a day for the same figures, and a new one when they change', async () => {
      const me = await signIn(t);
      for (let press = 0; press < 3; press++)
        await t.http.post('/api/bmi').set(me.auth).send({ height: 180, weight: 82 }).expect(200);
      expect((await t.http.get('/api/bmi').set(me.auth).expect(200)).body).toHaveLength(1);
      await t.http.post('/api/bmi').set(me.auth).send({ height: 180, weight: 81.5 }).expect(200);
      const list = (await t.http.get('/api/bmi').set(me.auth).expect(200)).body as Array<{ weight: number }>;
      expect(list.map((r) => r.weight)).toEqual([81.5, 82]);
    });

    it('answers 403 for someone else’s userId, in the body or the path', async () => {
      const me = await signIn(t);
      const other = await signIn(t);
      await t.http.post('/api/bmi').set(me.auth).send({ height: 180, weight: 70, userId: other.user.id }).expect(403);
      await t.http.get(`/api/bmi/${other.user.id}`).set(me.auth).expect(403);
    });
  });

  describe('POST /api/bmi/analyze', () => {
    it('reads a BMI test sheet PDF: exact values, a report record, the month and the badge', async () => {
      const me = await signIn(t);
      const pdf = await pdfWithLines([
        'BMI TEST REPORT',
        'Name: Test Athlete        Date: 2026-11-02',
        'Height: 176 cm',
        'Weight: 82.4 kg',
        'BMI: 26.6 kg/m2',
        'Body Fat: 24.3 %',
        'Classification: Overweight',
      ]);
      const fileUrl = await uploadReport(t, me, pdf, 'application/pdf');
      const res = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
      expect(res.body).toEqual({
        bmiValue: 26.6,
        bodyFatPercentage: 24.3,
        height: 176,
        weight: 82.4,
        analysis: expect.stringContaining('BMI of 26.6'),
        recommendations: expect.arrayContaining([expect.any(String)]),
      });
      expect(res.body.analysis).toContain('(Overweight)');

      // Analysing the same upload again stores it once.
      await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
      const list = await t.http.get('/api/bmi').set(me.auth).expect(200);
      expect(list.body).toEqual([
        expect.objectContaining({ bmi: 26.6, category: 'Overweight', source: 'report', height: 176, weight: 82.4 }),
      ]);
      const user = await t.http.get('/api/user').set(me.auth).expect(200);
      expect(user.body).toMatchObject({ latestBmi: 26.6, height: 176, weight: 82.4 });
      const achievements = await t.http.get('/api/achievements').set(me.auth).expect(200);
      expect(achievements.body.map((a: { code: string }) => a.code)).toContain('FIRST_BMI_REPORT');
    });

    it("keeps the profile's height and weight when a report's BMI disagrees with its own figures, storing the report as read", async () => {
      const me = await signIn(t);
      await t.http.post('/api/bmi').set(me.auth).send({ height: 180, weight: 82 }).expect(200);
      // 80.5 kg at 180 cm is BMI 24.8, not the 23.4 the sheet prints.
      const pdf = await pdfWithLines(['BODY SCAN', 'Height: 180 cm', 'Weight: 80.5 kg', 'BMI: 23.4']);
      const fileUrl = await uploadReport(t, me, pdf, 'application/pdf');
      await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
      const user = await t.http.get('/api/user').set(me.auth).expect(200);
      expect(user.body).toMatchObject({ height: 180, weight: 82 });
      const [report] = (await t.http.get('/api/bmi').set(me.auth).expect(200)).body;
      expect(report).toMatchObject({ source: 'report', bmi: 23.4, height: 180, weight: 80.5 });

      // The member confirms the report's figures: then, and only for their own report, they reach the profile.
      const other = await signIn(t);
      await t.http.post(`/api/bmi/${report.id}/confirm`).set(other.auth).expect(404);
      const confirmed = await t.http.post(`/api/bmi/${report.id}/confirm`).set(me.auth).expect(200);
      expect(confirmed.body).toMatchObject({ height: 180, weight: 80.5 });
      expect((await t.http.get('/api/user').set(me.auth).expect(200)).body).toMatchObject({
        height: 180,
        weight: 80.5,
      });
      const calculatorRecord = (await t.http.get('/api/bmi').set(me.auth).expect(200)).body.find(
        (r: { source: string }) => r.source === 'calculator',
      );
      await t.http.post(`/api/bmi/${calculatorRecord.id}/confirm`).set(me.auth).expect(404);
    });

    it('reads an InBody-style sheet: BMI, PBF and skeletal muscle mass, not Body Fat Mass', async () => {
      const me = await signIn(t);
      const pdf = await pdfWithLines([
        'InBody570 Result Sheet',
        'Body Composition Analysis',
        'Weight 71.8 kg (55.8 ~ 75.4)',
        'Body Fat Mass 12.7 kg (8.0 ~ 15.9)',
        'Muscle-Fat Analysis',
        'Skeletal Muscle Mass (SMM) 33.9 kg (28.6 ~ 35.0)',
        'Obesity Analysis',
        'BMI (Body Mass Index) kg/m2 22.7 (18.5 ~ 25.0)',
        'PBF (Percent Body Fat) % 17.7 (10.0 ~ 20.0)',
      ]);
      const fileUrl = await uploadReport(t, me, pdf, 'application/pdf');
      const res = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
      expect(res.body).toMatchObject({ bmiValue: 22.7, bodyFatPercentage: 17.7, muscleMass: 33.9 });
      expect(res.body.analysis).toContain('(Normal)');
      expect(res.body.analysis).toContain('33.9 kg');
    });

    it('answers 422 "Analysis Failed" to a PDF or an image without values and to a file that is no image, storing nothing', async () => {
      const me = await signIn(t);
      const empty = await uploadReport(
        t,
        me,
        await pdfWithLines(['Thank you for visiting our gym.', 'See you next month!']),
        'application/pdf',
      );
      const res = await t.http
        .post('/api/bmi/analyze')
        .set(me.auth)
        .send({ fileUrl: empty, reportType: 'bmi' })
        .expect(422);
      expect(res.body).toEqual({
        statusCode: 422,
        code: 'BMI_REPORT_UNREADABLE',
        error: 'Analysis Failed',
        message: expect.stringContaining('No BMI value could be read'),
      });

      const image = await uploadReport(t, me, reportImage(['Thank you for visiting our gym.']), 'image/png');
      const imageRes = await t.http
        .post('/api/bmi/analyze')
        .set(me.auth)
        .send({ fileUrl: image, reportType: 'bmi' })
        .expect(422);
      expect(imageRes.body).toMatchObject({
        code: 'BMI_REPORT_UNREADABLE',
        message: expect.stringContaining('No BMI value could be read'),
      });
      const notAnImage = await uploadReport(t, me, pngBytes(2048), 'image/png');
      const notAnImageRes = await t.http
        .post('/api/bmi/analyze')
        .set(me.auth)
        .send({ fileUrl: notAnImage, reportType: 'bmi' })
        .expect(422);
      expect(notAnImageRes.body).toMatchObject({
        code: 'BMI_REPORT_UNREADABLE',
        message: 'This image could not be read. Upload the original report file.',
      });
      expect((await t.http.get('/api/bmi').set(me.auth).expect(200)).body).toEqual([]);
    });

    it('answers 422 with why to a PDF past the reader limits (a bomb, 200,000 pages), storing nothing', async () => {
      const me = await signIn(t);
      for (const [pdf, why] of [
        [compressionBombPdf(2000), 'This PDF inflates to over 64 MB: it is not a report'],
        [manyPagesPdf(200_000), 'This PDF has 200000 pages; a report has at most 50'],
      ] as const) {
        const fileUrl = await uploadReport(t, me, pdf, 'application/pdf');
        const res = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(422);
        expect(res.body).toMatchObject({ code: 'BMI_REPORT_UNREADABLE', message: why });
      }
      expect((await t.http.get('/api/bmi').set(me.auth).expect(200)).body).toEqual([]);
    });

    it('reads a JPEG or PNG report by OCR with the PDF rules (no AI configured)', async () => {
      const me = await signIn(t);
      const sheet = reportImage([
        'InBody Result Sheet',
        'Weight 78.2 kg',
        'Skeletal Muscle Mass 33.9 kg',
        'Body Fat Mass 12.7 kg',
        'BMI (Body Mass Index) 24.1 kg/m2',
        'PBF (Percent Body Fat) 17.7 %',
      ]);
      const fileUrl = await uploadReport(t, me, sheet, 'image/png');
      const res = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
      expect(res.body).toMatchObject({ bmiValue: 24.1, bodyFatPercentage: 17.7, muscleMass: 33.9, weight: 78.2 });
      expect((await t.http.get('/api/bmi').set(me.auth).expect(200)).body).toEqual([
        expect.objectContaining({ bmi: 24.1, source: 'report' }),
      ]);
    });

    it('refuses an image report whose header claims a decompression bomb, and a cut-off one, with 422', async () => {
      const me = await signIn(t);
      const bomb = await uploadReport(t, me, pngBomb(20_000, 20_000), 'image/png');
      const res = await t.http
        .post('/api/bmi/analyze')
        .set(me.auth)
        .send({ fileUrl: bomb, reportType: 'bmi' })
        .expect(422);
      expect(res.body).toMatchObject({
        code: 'BMI_REPORT_UNREADABLE',
        message: 'This image is too large (20000×20000). Upload one of at most 40 megapixels.',
      });
      const cut = await uploadReport(t, me, reportImage(['BMI 24.1']).subarray(0, 200), 'image/png');
      const cutRes = await t.http
        .post('/api/bmi/analyze')
        .set(me.auth)
        .send({ fileUrl: cut, reportType: 'bmi' })
        .expect(422);
      expect(cutRes.body.code).toBe('BMI_REPORT_UNREADABLE');
      expect((await t.http.get('/api/bmi').set(me.auth).expect(200)).body).toEqual([]);
    });

    it('refuses a body that is not {fileUrl, reportType: "bmi"}', async () => {
      const me = await signIn(t);
      await t.http
        .post('/api/bmi/analyze')
        .set(me.auth)
        .send({ fileUrl: { $gt: '' } })
        .expect(400);
      await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl: 'x', reportType: 'dexa' }).expect(400);
    });
  });
});
