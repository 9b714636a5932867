import { ChartFrame } from './ChartFrame';
import { type ChartProps, chartScale, formatValue, timeAxis, valueRange } from './scale';

/** A trend over time (balance, BMI, weight): a line with a dot per value, on a time axis when the points carry their times. */
export function LineChart({ points, ariaLabel, unit, height = 180 }: ChartProps) {
  const range = valueRange(points.map((p) => p.value));
  const scale = chartScale(points.length, range, height);
  const time = timeAxis(points);
  const xOf = time?.x ?? scale.x;
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${xOf(i).toFixed(1)},${scale.y(p.value).toFixed(1)}`)
    .join(' ');
  return (
    <ChartFrame
      points={points}
      ariaLabel={ariaLabel}
      height={height}
      range={range}
      unit={unit}
      xOf={xOf}
      yOf={scale.y}
      ticks={time?.ticks}
    >
      <path className="chart__line" d={path} />
      {points.map((p, i) => (
        <circle key={i} className="chart__dot" cx={xOf(i)} cy={scale.y(p.value)} r={3}>
          <title>{`${p.at ? new Date(p.at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }) : p.label}: ${formatValue(p.value, unit)}`}</title>
        </circle>
      ))}
    </ChartFrame>
  );
}
