import type { BmiRecordView } from '@contract';
import { describeTypes, MEGABYTE, typeNames, UPLOAD_PURPOSES } from '@contract/values';

import type { ChartPoint } from '../../ui/charts';
import { shortDate } from '../../ui/dates';

/** What the server takes as a report (its upload limits), as docs/product.md words it: "PDF, JPEG, PNG", "10MB". */
const REPORT_LIMITS = UPLOAD_PURPOSES.bmi_report;
export const REPORT_FORMATS = typeNames(REPORT_LIMITS.allowedTypes).join(', ');
export const REPORT_MAX_SIZE = `${REPORT_LIMITS.maxBytes / MEGABYTE}MB`;
/** The picker's note: "PDF, JPEG or PNG · max 10MB". */
export const REPORT_PICKER_NOTE = `${describeTypes(REPORT_LIMITS.allowedTypes)} · max ${REPORT_MAX_SIZE}`;

export interface BmiSummary {
  current: BmiRecordView;
  /** Latest BMI minus the previous one (docs/product.md); null with a single record. */
  trend: number | null;
  count: number;
}

/** The progress page's BMI figures from the records (newest first); null when there are none. */
export function summarizeBmi(records: BmiRecordView[]): BmiSummary | null {
  const [current, previous] = records;
  if (!current) return null;
  return {
    current,
    trend: previous ? Math.round((current.bmi - previous.bmi) * 10) / 10 : null,
    count: records.length,
  };
}

/** "+0.4", "-1.2", "0.0". */
export function formatTrend(trend: number): string {
  return `${trend > 0 ? '+' : ''}${trend.toFixed(1)}`;
}

/** Chart series, oldest first: BMI of every record, weight of those that state one (reports may not). */
export function bmiSeries(records: BmiRecordView[]): { bmi: ChartPoint[]; weight: ChartPoint[] } {
  const oldestFirst = [...records].reverse();
  return {
    bmi: oldestFirst.map((r) => ({ label: shortDate(r.createdAt), value: r.bmi, at: r.createdAt })),
    weight: oldestFirst
      .filter((r) => r.weight !== null)
      .map((r) => ({ label: shortDate(r.createdAt), value: r.weight!, at: r.createdAt })),
  };
}

/** A number as typed, with a decimal comma ("75,5", as much of the world writes it) read as a point. */
export function decimalInput(typed: string): string {
  return typed.trim().replace(/^(\d+),(\d+)$/, '$1.$2');
}

/** The calculator's success toast text, BMI to one decimal like everywhere else ("Your BMI is 30.0 (Obese)"). */
export function bmiResultText(bmi: number, category: string): string {
  return `Your BMI is ${bmi.toFixed(1)} (${category})`;
}
