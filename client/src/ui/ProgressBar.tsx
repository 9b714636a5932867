interface ProgressBarProps {
  /** What the bar measures, read by screen readers ("Weekly Streak progress"). */
  label: string;
  /** Out of `max`; null while unknown (an AI job before the worker reports): the bar pulses. */
  value: number | null;
  max?: number;
  /** Spoken instead of the bare number when a unit says more ("3 of 7 days"). */
  valueText?: string;
}

/** The one progress bar (a goal, a session, an AI job, an earning action): role=progressbar with its range. */
export function ProgressBar({ label, value, max = 100, valueText }: ProgressBarProps) {
  const percent = value === null ? 30 : Math.round((Math.min(value, max) / max) * 100);
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value ?? undefined}
      aria-valuetext={valueText}
    >
      <span
        className={`progress-bar__fill${value === null ? ' is-indeterminate' : ''}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
