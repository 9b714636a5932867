import { formatSeconds } from '@contract/values';
import { useEffect, useRef } from 'react';

import { restTimer, useRest } from './restTimer';
import { REST_STEP_SECONDS } from './restTimer.logic';

/** A short beep where the browser allows sound (after the member's tap that logged the set). */
function beep(): void {
  try {
    const context = new AudioContext();
    const tone = context.createOscillator();
    tone.frequency.value = 880;
    tone.connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.3);
    tone.onended = () => void context.close();
  } catch {
    // No audio here: the vibration and the bar say it.
  }
}

/** The rest under way, on every page (docs/product.md, Training log): time left, +15 s / −15 s / SKIP, a signal at the end. */
export function RestTimerBar() {
  const running = useRest();
  const signalled = useRef<number | null>(null);
  const over = running !== null && running.left === 0;
  useEffect(() => {
    if (!running || !over || signalled.current === running.rest.endsAt) return;
    signalled.current = running.rest.endsAt;
    navigator.vibrate?.([200, 100, 200]);
    beep();
  }, [running, over]);
  if (!running) return null;
  const { rest, left } = running;
  const percent = rest.total > 0 ? Math.round(((rest.total - left) / rest.total) * 100) : 100;
  return (
    <section
      className={`rest-timer${over ? ' rest-timer--over' : ''}`}
      aria-label="Rest timer"
      data-testid="rest-timer"
    >
      <div className="rest-timer__text" role="timer" aria-live="off">
        <span className="rest-timer__label">{over ? 'REST_OVER' : 'REST'}</span>
        <strong className="rest-timer__left">{over ? 'GO' : formatSeconds(left)}</strong>
        <span className="muted rest-timer__for">{rest.label}</span>
      </div>
      <div className="rest-timer__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="rest-timer__actions">
        <button
          type="button"
          className="btn btn--small btn--secondary"
          onClick={() => restTimer.adjust(-REST_STEP_SECONDS)}
          disabled={over}
        >
          −15 s
        </button>
        <button
          type="button"
          className="btn btn--small btn--secondary"
          onClick={() => restTimer.adjust(REST_STEP_SECONDS)}
          disabled={over}
        >
          +15 s
        </button>
        <button type="button" className="btn btn--small btn--secondary" onClick={restTimer.skip}>
          {over ? 'DISMISS' : 'SKIP'}
        </button>
      </div>
    </section>
  );
}
