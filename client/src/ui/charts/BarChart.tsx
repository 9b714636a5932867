import { ChartFrame } from './ChartFrame';
import { type ChartProps, chartScale, formatValue, PADDING } from './scale';

/** Up to this many bars each get a label ("Nov 23" fits a slot even at the phone's larger axis font). */
const LABELLED_BARS = 8;

/** Counts per period (sessions per week, credits per week): one bar per value, from zero. */
export function BarChart({ points, ariaLabel, unit, height = 180 }: ChartProps) {
  // An even top keeps the middle grid line on a whole number: counts have no half sessions.
  const highest = Math.max(0, ...points.map((p) => p.value));
  const range = { min: 0, max: Math.max(2, Math.ceil(highest / 2) * 2) };
  const scale = chartScale(points.length, range, height);
  const slot = scale.innerWidth / Math.max(points.length, 1);
  const barWidth = Math.max(2, slot * 0.6);
  // Bars sit in the middle of equal slots, not on the line chart's end-to-end positions.
  const xOf = (index: number) => PADDING.left + slot * index + slot / 2;
  return (
    <ChartFrame
      points={points}
      ariaLabel={ariaLabel}
      height={height}
      range={range}
      unit={unit}
      xOf={xOf}
      yOf={scale.y}
      maxLabels={LABELLED_BARS}
    >
      {points.map((p, i) => (
        <rect
          key={i}
          className="chart__bar"
          x={xOf(i) - barWidth / 2}
          y={scale.y(Math.max(p.value, 0))}
          width={barWidth}
          height={scale.y(0) - scale.y(Math.max(p.value, 0))}
        >
          <title>{`${p.label}: ${formatValue(p.value, unit)}`}</title>
        </rect>
      ))}
    </ChartFrame>
  );
}
