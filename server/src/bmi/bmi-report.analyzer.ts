import { Readable } from 'node:stream';

import { Inject, Injectable } from '@nestjs/common';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import { z } from 'zod';

import { ReadDeadline } from '../activities/readers/read-limits';
import { pdfTextInThread } from '../activities/readers/reader-pool';
import { MODEL_CLIENT, ModelClient } from '../ai/model-client';
import type { BmiAnalysis } from '../contract';
import { DocumentImageRefused, EvidenceService } from '../evidence/evidence.service';
import { JobRefusal } from '../queue/job-errors';
import { adviseOn, BodyValues, reportMeasurements } from './bmi.rules';
import { readReportValues } from './bmi-report.reader';
import { PDF_READ_LIMITS, reportUnreadable } from './pdf-text';

export interface ReportFile {
  bytes: Buffer;
  mime: string;
}

const NO_VALUES =
  'No BMI value could be read from this report. Upload a BMI test, InBody or DEXA report that states your BMI.';

const refuse = reportUnreadable;

/** What the model must answer: the values it read, null where the report does not state one. */
const ModelReading = z.strictObject({
  bmiValue: z.number().min(10).max(80).nullable(),
  bodyFatPercentage: z.number().min(2).max(75).nullable(),
  muscleMass: z.number().min(5).max(150).nullable(),
  height: z.number().min(50).max(250).nullable(),
  weight: z.number().min(20).max(350).nullable(),
});

const MODEL_INSTRUCTIONS =
  'You read body-composition reports (BMI test sheets, InBody scans, DEXA scans). Answer only the values the report states: ' +
  'BMI (kg/m²), percent body fat (PBF), skeletal muscle mass in kg, height in cm and body weight in kg (convert lb to kg and ' +
  'feet/inches to cm; the measured weight, not a target or ideal weight). Use null for anything not stated. Never estimate.';

/**
 * Reads a report's values: with an OpenAI key the model reads the text (PDF) or the image; without
 * one the text (the PDF's, or an image's read by OCR) is searched locally with the same rules.
 * Either way the analysis is written from the values found, and a report without a readable BMI
 * is a 422, never an invented number.
 */
@Injectable()
export class BmiReportAnalyzer {
  constructor(
    @Inject(MODEL_CLIENT) private readonly model: ModelClient | null,
    private readonly evidence: EvidenceService,
  ) {}

  async analyze(file: ReportFile): Promise<BmiAnalysis> {
    const values = await this.readValues(file);
    if (values.bmiValue === undefined) throw refuse(NO_VALUES);
    // A stated height or weight outside the calculator's ranges is left out: it would reach the profile.
    const { height, weight, ...body } = values as BodyValues;
    return { ...body, ...reportMeasurements({ height, weight }), ...adviseOn(body) };
  }

  private async readValues(file: ReportFile): Promise<Partial<BodyValues>> {
    if (file.mime === 'application/pdf') {
      const text = await readablePdfText(file.bytes);
      return this.model ? this.askModel([{ type: 'text', text }]) : readReportValues(text);
    }
    if (!this.model) return readReportValues(await this.imageText(file));
    return this.askModel([
      { type: 'image_url', image_url: { url: `data:${file.mime};base64,${file.bytes.toString('base64')}` } },
    ]);
  }

  private async imageText(file: ReportFile): Promise<string> {
    try {
      return await this.evidence.documentText(file);
    } catch (err) {
      if (err instanceof DocumentImageRefused) throw refuse(err.message);
      throw err;
    }
  }

  private async askModel(content: ChatCompletionContentPart[]): Promise<Partial<BodyValues>> {
    // A malformed answer throws: the job retries, then the caller gets a clear 503.
    const reading = await this.model!.json('bmi_report', ModelReading, [
      { role: 'system', content: MODEL_INSTRUCTIONS },
      { role: 'user', content },
    ]);
    return Object.fromEntries(Object.entries(reading).filter(([, v]) => v !== null));
  }
}

/** The PDF's text, read in a reader thread; its refusals say why, and a reader's time or memory limit is said as the report's. */
async function readablePdfText(bytes: Buffer): Promise<string> {
  const deadline = new ReadDeadline(PDF_READ_LIMITS.timeMs);
  try {
    return await pdfTextInThread({ size: bytes.length, open: async () => Readable.from([bytes]) }, deadline);
  } catch (err) {
    if (err instanceof JobRefusal && err.code === 'BMI_REPORT_UNREADABLE') throw err;
    throw refuse(
      err instanceof JobRefusal
        ? `This PDF could not be read within ${PDF_READ_LIMITS.timeMs / 1000} s and the reader's memory: upload the original report file.`
        : 'This PDF could not be read. Upload the original report file.',
    );
  } finally {
    deadline.dispose();
  }
}
