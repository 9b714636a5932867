import { ACTIVITY_METRICS, ActivityMetric } from '../contract';

/** The figures an activity screenshot's OCR text states, each within its plausible range. */
export type ActivityFigures = Partial<Record<ActivityMetric, number>>;

/** "8,532" or "8.532" or "8 532" as 8532; "1.5" stays 1.5 (one or two decimals are decimals). */
function readNumber(text: string): number {
  const grouped = /^\d{1,3}(?:[,.\s]\d{3})+$/.test(text);
  return Number(grouped ? text.replace(/[,.\s]/g, '') : text.replace(',', '.'));
}

/** A match's value: a plain number, or minutes from h:mm:ss / mm:ss groups. */
function valueOf(metric: ActivityMetric, match: RegExpMatchArray): number {
  const groups = match.slice(1).filter((g) => g !== undefined);
  if (metric !== 'minutes' || groups.length === 1) return readNumber(groups[0]);
  const [a, b, c] = groups.map(Number);
  // Three groups are hours, minutes, seconds; two are minutes and seconds.
  return c === undefined ? a + b / 60 : a * 60 + b + c / 60;
}

/** Every metric the text states, from the first pattern match that is plausible. */
export function readActivityFigures(text: string): ActivityFigures {
  const figures: ActivityFigures = {};
  for (const [metric, { patterns, range }] of Object.entries(ACTIVITY_METRICS) as Array<
    [ActivityMetric, (typeof ACTIVITY_METRICS)[ActivityMetric]]
  >) {
    for (const pattern of patterns) {
      const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
      const value = [...text.matchAll(global)]
        .map((m) => valueOf(metric, m))
        .find((v) => v >= range.min && v <= range.max);
      if (value !== undefined) {
        figures[metric] = Math.round(value);
        break;
      }
    }
  }
  return figures;
}

/** "45 min, 320 kcal, 132 bpm", in the contract's order. */
export function describeFigures(figures: ActivityFigures): string {
  return (Object.keys(ACTIVITY_METRICS) as ActivityMetric[])
    .filter((metric) => figures[metric] !== undefined)
    .map((metric) => `${figures[metric]!.toLocaleString('en-US')} ${ACTIVITY_METRICS[metric].unit}`)
    .join(', ');
}
