import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { BarChart, LineChart } from '.';
import { labelIndexes, timeAxis, valueRange } from './scale';

describe('chart scales', () => {
  it('starts counts at zero and lifts far-from-zero series (weights) off the floor', () => {
    expect(valueRange([0, 5, 10]).min).toBe(0);
    expect(valueRange([80, 81, 82]).min).toBeGreaterThan(70);
    expect(valueRange([80, 81, 82]).max).toBeGreaterThan(82);
  });

  it('labels the first and last point and at most six', () => {
    expect(labelIndexes(3)).toEqual([0, 1, 2]);
    const many = labelIndexes(30);
    expect(many).toHaveLength(6);
    expect(many[0]).toBe(0);
    expect(many[5]).toBe(29);
  });
});

describe('charts', () => {
  const points = [
    { label: 'W1', value: 2 },
    { label: 'W2', value: 5 },
    { label: 'W3', value: 0 },
  ];

  it('draws one bar per value with its value in the tooltip', () => {
    const { container } = render(<BarChart points={points} ariaLabel="Sessions per week" />);
    expect(screen.getByRole('img', { name: 'Sessions per week' })).toBeTruthy();
    expect(container.querySelectorAll('rect.chart__bar')).toHaveLength(3);
    expect(container.querySelector('rect.chart__bar title')?.textContent).toBe('W1: 2');
  });

  it('labels every bar of eight weeks, not an uneven six of them', () => {
    const weeks = Array.from({ length: 8 }, (_, i) => ({ label: `W${i + 1}`, value: i }));
    const { container } = render(<BarChart points={weeks} ariaLabel="Sessions per week" />);
    const labels = [...container.querySelectorAll('text.chart__axis')]
      .map((t) => t.textContent)
      .filter((t) => t?.startsWith('W'));
    expect(labels).toEqual(weeks.map((w) => w.label));
    // A phone keeps every other one, the newest included.
    const minor = [...container.querySelectorAll('text.chart__axis--minor')].map((t) => t.textContent);
    expect(minor).toEqual(['W1', 'W3', 'W5', 'W7']);
  });

  it('draws a line through every value, with the unit', () => {
    const { container } = render(<LineChart points={points} ariaLabel="Weight" unit="kg" />);
    expect(container.querySelectorAll('circle.chart__dot')).toHaveLength(3);
    expect(container.querySelector('path.chart__line')?.getAttribute('d')).toMatch(/^M.* L.* L/);
    expect(container.querySelector('circle title')?.textContent).toBe('W1: 2 kg');
  });

  it('says NO_DATA instead of drawing an empty frame', () => {
    render(<LineChart points={[]} ariaLabel="Balance" />);
    expect(screen.getByText('NO_DATA')).toBeTruthy();
  });
});

describe('the time axis', () => {
  const at = (iso: string, value: number) => ({ label: iso.slice(5, 10), value, at: iso });

  it('spaces points by their times, not their order', () => {
    const axis = timeAxis([
      at('2026-11-01T12:00:00Z', 1),
      at('2026-11-02T12:00:00Z', 2),
      at('2026-11-08T12:00:00Z', 3),
    ])!;
    const [a, b, c] = [axis.x(0), axis.x(1), axis.x(2)];
    // One day, then six: the second gap is six times the first.
    expect((c - b) / (b - a)).toBeCloseTo(6, 5);
  });

  it('labels evenly spaced instants with dates, never times: records a second apart read as their one day', () => {
    const sameDay = timeAxis([
      at('2026-11-24T08:00:00Z', 1),
      at('2026-11-24T12:00:00Z', 2),
      at('2026-11-24T20:00:00Z', 3),
    ])!;
    expect(sameDay.ticks.map((t) => t.label)).toEqual([
      new Date('2026-11-24T12:00:00Z').toLocaleDateString('en-US', { month: 'short', day: 'numeric' }),
    ]);
    const seconds = timeAxis([at('2026-11-24T12:05:08Z', 1), at('2026-11-24T12:05:09Z', 2)])!;
    expect(seconds.ticks).toHaveLength(1);
    expect(seconds.ticks[0].label).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    const weeks = timeAxis([at('2026-10-01T12:00:00Z', 1), at('2026-11-24T12:00:00Z', 2)])!;
    expect(weeks.ticks).toHaveLength(3);
    for (const tick of weeks.ticks) expect(tick.label).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
  });

  it('is not used when a point has no time or all share one instant', () => {
    expect(timeAxis([{ label: 'a', value: 1 }, at('2026-11-24T08:00:00Z', 2)])).toBeNull();
    expect(timeAxis([at('2026-11-24T08:00:00Z', 1), at('2026-11-24T08:00:00Z', 2)])).toBeNull();
  });
});
