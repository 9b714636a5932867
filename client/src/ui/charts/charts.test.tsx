import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, LineChart } from '.';
import { labelIndexes, valueRange } from './scale';

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
    const labels = [...container.querySelectorAll('text.chart__axis')].map((t) => t.textContent).filter((t) => t?.startsWith('W'));
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
