import { z } from 'zod';
import { ObjectIdString } from './common';
import { BMI_CATEGORIES, BMI_SOURCES } from './values';

export const BmiCategory = z.enum(BMI_CATEGORIES);
export type BmiCategory = z.infer<typeof BmiCategory>;

/**
 * POST /api/bmi. Height and weight arrive as typed (numbers or the form's text): the server reads
 * height as an integer and weight as a decimal and answers SPEC §5's exact messages.
 */
const MeasurementInput = z.union([z.number(), z.string().max(32)]);
export const BmiCalculateRequest = z.strictObject({
  height: MeasurementInput,
  weight: MeasurementInput,
  userId: ObjectIdString.optional(),
});
export type BmiCalculateRequest = z.infer<typeof BmiCalculateRequest>;

export const BmiResult = z.object({ bmi: z.number(), category: BmiCategory });
export type BmiResult = z.infer<typeof BmiResult>;

/** One BMI record (SPEC §3); reports may not state height or weight. */
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

/** SPEC §3 "BMI analysis result". */
export const BmiAnalysis = z.object({
  bmiValue: z.number(),
  bodyFatPercentage: z.number().optional(),
  muscleMass: z.number().optional(),
  /** Body weight in kg when the report states it; weight goals are judged on it. */
  weightKg: z.number().optional(),
  analysis: z.string(),
  recommendations: z.array(z.string()),
});
export type BmiAnalysis = z.infer<typeof BmiAnalysis>;
