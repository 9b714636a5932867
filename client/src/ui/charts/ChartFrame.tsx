import type { ReactNode } from 'react';

import { type AxisTick, CHART_WIDTH, type ChartPoint, formatValue, labelIndexes, PADDING, USUAL_LABELS } from './scale';

interface ChartFrameProps {
  points: ChartPoint[];
  ariaLabel: string;
  height: number;
  range: { min: number; max: number };
  unit?: string;
  /** x position of point i, so labels sit under their bar or dot. */
  xOf: (index: number) => number;
  yOf: (value: number) => number;
  /** How many x labels at most (evenly spread); USUAL_LABELS unless the chart's slots leave room for more. */
  maxLabels?: number;
  /** The x labels of a time axis, instead of the points' own labels. */
  ticks?: AxisTick[];
  children: ReactNode;
}

/** Axes, grid lines and labels around a chart's marks; an empty chart says so instead. */
export function ChartFrame({
  points,
  ariaLabel,
  height,
  range,
  unit,
  xOf,
  yOf,
  maxLabels,
  ticks,
  children,
}: ChartFrameProps) {
  if (points.length === 0) {
    return <p className="chart__empty">NO_DATA</p>;
  }
  const gridValues = [range.min, (range.min + range.max) / 2, range.max];
  return (
    <svg className="chart" viewBox={`0 0 ${CHART_WIDTH} ${height}`} role="img" aria-label={ariaLabel}>
      {gridValues.map((value) => (
        <g key={value}>
          <line
            className="chart__grid"
            x1={PADDING.left}
            x2={CHART_WIDTH - PADDING.right}
            y1={yOf(value)}
            y2={yOf(value)}
          />
          <text className="chart__axis" x={PADDING.left - 6} y={yOf(value) + 4} textAnchor="end">
            {formatValue(value, unit)}
          </text>
        </g>
      ))}
      {children}
      {ticks
        ? ticks.map((tick, i) => (
            <text
              key={i}
              className="chart__axis"
              x={tick.x}
              y={height - 8}
              textAnchor={i === 0 ? 'start' : i === ticks.length - 1 ? 'end' : 'middle'}
            >
              {tick.label}
            </text>
          ))
        : labelIndexes(points.length, maxLabels).map((index, i, shown) => (
            <text
              key={index}
              className={`chart__axis${isMinorLabel(i, shown.length) ? ' chart__axis--minor' : ''}`}
              x={xOf(index)}
              y={height - 8}
              textAnchor="middle"
            >
              {points[index].label}
            </text>
          ))}
    </svg>
  );
}

/** Past the usual six labels, every other one counted back from the newest: a phone shows only the rest (charts.css). */
function isMinorLabel(position: number, count: number): boolean {
  return count > USUAL_LABELS && (count - 1 - position) % 2 === 1;
}
