import { ChartFrame } from './ChartFrame';
import { chartScale, type ChartProps, formatValue, valueRange } from './scale';

/** A trend over time (balance, BMI, weight): a line with a dot per value. */
export function LineChart({ points, ariaLabel, unit, height = 180 }: ChartProps) {
  const range = valueRange(points.map((p) => p.value));
  const scale = chartScale(points.length, range, height);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${scale.x(i).toFixed(1)},${scale.y(p.value).toFixed(1)}`).join(' ');
  return (
    <ChartFrame points={points} ariaLabel={ariaLabel} height={height} range={range} unit={unit} xOf={scale.x} yOf={scale.y}>
      <path className="chart__line" d={path} />
      {points.map((p, i) => (
        <circle key={i} className="chart__dot" cx={scale.x(i)} cy={scale.y(p.value)} r={3}>
          <title>{`${p.label}: ${formatValue(p.value, unit)}`}</title>
        </circle>
      ))}
    </ChartFrame>
  );
}
