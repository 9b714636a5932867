/** One value of a chart: an x-axis label (a date, a week) and its number. */
export interface ChartPoint {
  label: string;
  value: number;
  /** When it was recorded (ISO): a line chart whose points all have one spaces them on a time axis. */
  at?: string;
}

export interface ChartProps {
  points: ChartPoint[];
  /** What the chart shows, read by screen readers (the SVG is an image to them). */
  ariaLabel: string;
  /** Appended to the axis values, e.g. "kg". */
  unit?: string;
  height?: number;
}

/** The drawing box every chart shares: a fixed-width viewBox scaled to its container by CSS. */
export const CHART_WIDTH = 600;
export const PADDING = { top: 14, right: 12, bottom: 26, left: 44 };

/**
 * The vertical range of a chart: from 0 (or the lowest value, when all are far from 0, as weights
 * are) to the highest, with a little head-room so the top point does not touch the frame.
 */
export function valueRange(values: number[]): { min: number; max: number } {
  if (values.length === 0) return { min: 0, max: 1 };
  const low = Math.min(...values);
  const high = Math.max(...values);
  const min = low >= 0 && low > (high - low) * 2 ? Math.floor(low - (high - low || 1) * 0.5) : Math.min(0, low);
  const max = high === min ? min + 1 : high + (high - min) * 0.08;
  return { min, max };
}

/** Maps index and value to SVG coordinates inside the padded box. */
export function chartScale(count: number, range: { min: number; max: number }, height: number) {
  const innerWidth = CHART_WIDTH - PADDING.left - PADDING.right;
  const innerHeight = height - PADDING.top - PADDING.bottom;
  return {
    innerWidth,
    x: (index: number) => PADDING.left + (count <= 1 ? innerWidth / 2 : (index * innerWidth) / (count - 1)),
    y: (value: number) => PADDING.top + innerHeight - ((value - range.min) / (range.max - range.min)) * innerHeight,
  };
}

/** How many x labels a chart shows unless its slots leave room for more (and all a phone shows). */
export const USUAL_LABELS = 6;

/** At most `limit` evenly spread indexes to label on the x axis (always the first and the last). */
export function labelIndexes(count: number, limit = USUAL_LABELS): number[] {
  if (count <= limit) return [...Array(count).keys()];
  const step = (count - 1) / (limit - 1);
  return [...Array(limit).keys()].map((i) => Math.round(i * step));
}

export function formatValue(value: number, unit?: string): string {
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return unit ? `${rounded} ${unit}` : String(rounded);
}

/** An x-axis label at a position. */
export interface AxisTick {
  x: number;
  label: string;
}

/**
 * A time axis for points that carry `at`: x is proportional to time (two records a week apart sit
 * seven times further apart than two a day apart), and the labels are `count` evenly spaced instants
 * as dates ("Mar 1"), never times of day: a tick that falls on the day its neighbour names is left
 * out, so records made the same day read as that one day. Null when a point has no time.
 * Hand-written: the charts are our own SVG, no chart library here.
 */
export function timeAxis(
  points: readonly ChartPoint[],
  count = 3,
): { x: (index: number) => number; ticks: AxisTick[] } | null {
  if (points.length < 2 || points.some((p) => !p.at)) return null;
  const times = points.map((p) => new Date(p.at!).getTime());
  const [first, last] = [Math.min(...times), Math.max(...times)];
  if (last === first) return null;
  const innerWidth = CHART_WIDTH - PADDING.left - PADDING.right;
  const xAt = (time: number) => PADDING.left + ((time - first) / (last - first)) * innerWidth;
  const format = (time: number) => new Date(time).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  const ticks = [...Array(count).keys()]
    .map((i) => first + ((last - first) * i) / (count - 1))
    .map((time) => ({ x: xAt(time), label: format(time) }))
    .filter((tick, i, all) => i === 0 || tick.label !== all[i - 1].label);
  return { x: (index: number) => xAt(times[index]), ticks };
}
