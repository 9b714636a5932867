import { z } from 'zod';

import { ObjectIdString } from './common';
import { BMI_CATEGORIES, BMI_SOURCES, PROFILE_RANGES } from './values';

export const BmiCategory = z.enum(BMI_CATEGORIES);
export type BmiCategory = z.infer<typeof BmiCategory>;

/**
 * POST /api/bmi. Height and weight arrive as typed (numbers or the form's text): the server reads
 * height as an integer and weight as a decimal and answers docs/product.md exact messages, so the schema
 * takes any number or short text. The document states docs/product.md ranges for both forms; bmi.rules'
 * spec proves they accept exactly what readMeasurements does.
 */
const MeasurementInput = z.union([z.number(), z.string().max(32)]);
const { heightCm: HEIGHT, weightKg: WEIGHT } = PROFILE_RANGES;
/** The form's text: digits, an optional decimal part, spaces around; leading zeros read as nothing. */
export const HEIGHT_TEXT = /^ *0*(?:1[0-9]{2}|2[0-4][0-9]|250)(?:\.[0-9]+)? *$/;
export const WEIGHT_TEXT = /^ *0*(?:(?:[3-9][0-9]|[12][0-9]{2})(?:\.[0-9]+)?|300(?:\.0+)?) *$/;
const documentedMeasurement = (number: Record<string, number | boolean>, text: RegExp) =>
  MeasurementInput.meta({
    anyOf: [
      { type: 'number', ...number },
      { type: 'string', maxLength: 32, pattern: text.source },
    ],
  });
export const BmiCalculateRequest = z.strictObject({
  // Read as an integer: 250.9 is 250 cm.
  height: documentedMeasurement({ minimum: HEIGHT.min, maximum: HEIGHT.max + 1, exclusiveMaximum: true }, HEIGHT_TEXT),
  weight: documentedMeasurement({ minimum: WEIGHT.min, maximum: WEIGHT.max }, WEIGHT_TEXT),
  userId: ObjectIdString.optional(),
});
export type BmiCalculateRequest = z.infer<typeof BmiCalculateRequest>;

export const BmiResult = z.object({ bmi: z.number(), category: BmiCategory });
export type BmiResult = z.infer<typeof BmiResult>;

/** One BMI record (docs/product.md); reports may not state height or weight. */
export const BmiRecordView = z.object({
  id: z.string(),
  bmi: z.number(),
  category: BmiCategory,
  height: z.number().nullable(),
  weight: z.number().nullable(),
  createdAt: z.string(),
  source: z.enum(BMI_SOURCES),
});
export type BmiRecordView = z.infer<typeof BmiRecordView>;
export const BmiRecordList = z.array(BmiRecordView);

export const BmiAnalyzeRequest = z.strictObject({
  /** The uploadURL this server issued for a finished upload of yours. */
  fileUrl: z.string().min(1).max(2048),
  reportType: z.literal('bmi').default('bmi'),
});
export type BmiAnalyzeRequest = z.infer<typeof BmiAnalyzeRequest>;

/** docs/product.md "BMI analysis result". */
export const BmiAnalysis = z.object({
  bmiValue: z.number(),
  bodyFatPercentage: z.number().optional(),
  muscleMass: z.number().optional(),
  /** cm and kg, when the report states them within the calculator's ranges; they update the profile. */
  height: z.number().optional(),
  weight: z.number().optional(),
  analysis: z.string(),
  recommendations: z.array(z.string()),
});
export type BmiAnalysis = z.infer<typeof BmiAnalysis>;

/** A report record the member confirms: its height and weight become the profile's. */
export const BmiRecordParam = z.strictObject({ recordId: ObjectIdString });
export type BmiRecordParam = z.infer<typeof BmiRecordParam>;
export const BmiConfirmedFigures = z.object({ height: z.number().nullable(), weight: z.number().nullable() });
export type BmiConfirmedFigures = z.infer<typeof BmiConfirmedFigures>;
