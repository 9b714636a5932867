import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { IntervalTimer } from './IntervalTimer';

const DOSE = { kind: 'time', sets: 2, workSeconds: 40, restSeconds: 20, eachSide: false } as const;
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const clock = () => screen.getByRole('timer');
const announced = () => document.querySelector('[aria-live="polite"]')?.textContent;
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  }));
}

describe('the interval timer of a timed exercise (browser clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    reducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts down work and rest, announcing each phase politely, and says when it is done', () => {
    const onBegin = vi.fn();
    render(<IntervalTimer exerciseName="Burpee" dose={DOSE} onBegin={onBegin} />);
    expect(clock().textContent).toBe('0:40');
    expect(announced()).toBe('');
    press('START_TIMER');
    expect(onBegin).toHaveBeenCalledTimes(1);
    expect(announced()).toBe('Burpee, set 1 of 2: work 40 seconds');
    advance(10_000);
    expect(clock().textContent).toBe('0:30');
    expect(screen.getByText('WORK · SET 1/2')).toBeTruthy();
    advance(30_000);
    expect(screen.getByText('REST')).toBeTruthy();
    expect(clock().textContent).toBe('0:20');
    expect(announced()).toBe('Rest 20 seconds');
    advance(20_000);
    expect(announced()).toBe('Burpee, set 2 of 2: work 40 seconds');
    advance(40_000);
    expect(screen.getByText('DONE')).toBeTruthy();
    expect(announced()).toBe('Burpee done');
    expect(screen.getByRole('button', { name: 'START_TIMER' })).toBeTruthy();
  });

  it('pauses and resumes where it was; reset goes back to the start', () => {
    const onBegin = vi.fn();
    render(<IntervalTimer exerciseName="Burpee" dose={DOSE} onBegin={onBegin} />);
    press('START_TIMER');
    advance(15_000);
    press('PAUSE_TIMER');
    expect(announced()).toBe('Paused');
    advance(60_000);
    expect(clock().textContent).toBe('0:25');
    press('RESUME_TIMER');
    advance(5_000);
    expect(clock().textContent).toBe('0:20');
    expect(onBegin).toHaveBeenCalledTimes(1);
    press('RESET_TIMER');
    expect(clock().textContent).toBe('0:40');
    expect(screen.getByRole('button', { name: 'START_TIMER' })).toBeTruthy();
  });

  it('with reduced motion asked for, does not flash a new phase and moves its bar by whole seconds', () => {
    reducedMotion(true);
    const { container } = render(<IntervalTimer exerciseName="Burpee" dose={DOSE} onBegin={() => undefined} />);
    press('START_TIMER');
    advance(10_500);
    expect(container.querySelector('[data-motion]')?.getAttribute('data-motion')).toBe('reduced');
    expect(container.querySelector('.is-new')).toBeNull();
    // 29.5 s left of 40 shows as 30 s left: a quarter done.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });

  it('flashes each new phase when motion is fine', () => {
    const { container } = render(<IntervalTimer exerciseName="Burpee" dose={DOSE} onBegin={() => undefined} />);
    press('START_TIMER');
    advance(10_500);
    expect(container.querySelector('[data-motion]')?.getAttribute('data-motion')).toBe('full');
    expect(container.querySelector('.interval-timer__face.is-new')).not.toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('26');
  });
});
