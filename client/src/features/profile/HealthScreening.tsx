import type { HealthCondition, PregnancyState } from '@contract';
import { HEALTH_CONDITIONS, HEALTH_RANGES } from '@contract/values';

import { Panel } from '../../ui/Panel';
import type { HealthForm } from './profile.logic';

/** The questions a trainer asks first, in the member's words. */
const PREGNANCY_CHOICES: Array<{ value: PregnancyState | null; label: string }> = [
  { value: null, label: 'PREFER_NOT_TO_SAY' },
  { value: 'not_pregnant', label: 'NOT_PREGNANT' },
  { value: 'pregnant', label: 'PREGNANT' },
  { value: 'postpartum', label: 'GAVE_BIRTH_IN_THE_LAST_6_MONTHS' },
];

const CONDITION_QUESTIONS: Record<HealthCondition, string> = {
  heart_condition: 'A doctor has said I have a heart condition',
  chest_pain: 'I get chest pain, at rest or when I am active',
  dizziness: 'I get dizzy or have fainted, during or after exercise',
  high_blood_pressure: 'I have high blood pressure',
  recent_surgery_or_injury: 'I had an operation or an injury that is still healing',
  doctor_limit: 'A doctor has told me to limit my physical activity',
};

interface HealthScreeningProps {
  health: HealthForm;
  onChange: (patch: Partial<HealthForm>) => void;
  error?: string;
}

/**
 * The optional, private health questions (in the spirit of the PAR-Q+): the coach and the generator
 * adapt to them, and chest pain, dizziness or a doctor's limit stops plans until a doctor clears it.
 */
export function HealthScreening({ health, onChange, error }: HealthScreeningProps) {
  const toggle = (condition: HealthCondition) =>
    onChange({
      conditions: health.conditions.includes(condition)
        ? health.conditions.filter((c) => c !== condition)
        : [...health.conditions, condition],
    });
  const described = ['health-privacy', error ? 'health-error' : ''].filter(Boolean).join(' ');
  return (
    <Panel title="HEALTH_SCREENING">
      <div className="profile__health">
        <p id="health-privacy" className="profile__hint">
          Optional and private: only you see these answers, and only the coach and the workout generator use them, to
          keep your sessions safe. They are not medical advice.
        </p>
        <fieldset className="field choice-group" aria-describedby={described}>
          <legend className="field-label">PREGNANCY</legend>
          <div className="choice-group__options">
            {PREGNANCY_CHOICES.map(({ value, label }) => (
              <label key={label} className="choice">
                <input
                  type="radio"
                  name="pregnancy"
                  checked={health.pregnancy === value}
                  onChange={() => onChange({ pregnancy: value })}
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
          {health.pregnancy === 'pregnant' && (
            <div className="profile__health-details">
              <WeeksField
                name="pregnancy-weeks"
                label="WEEKS_PREGNANT"
                range={HEALTH_RANGES.pregnancyWeeks}
                value={health.pregnancyWeeks}
                onChange={(pregnancyWeeks) => onChange({ pregnancyWeeks })}
                invalid={!!error}
              />
              <label className="choice">
                <input
                  type="checkbox"
                  checked={health.usedToHighImpact}
                  onChange={() => onChange({ usedToHighImpact: !health.usedToHighImpact })}
                />
                <span>I ran, jumped or did HIIT regularly before this pregnancy</span>
              </label>
            </div>
          )}
          {health.pregnancy === 'postpartum' && (
            <div className="profile__health-details">
              <WeeksField
                name="weeks-since-birth"
                label="WEEKS_SINCE_THE_BIRTH"
                range={HEALTH_RANGES.weeksSinceBirth}
                value={health.weeksSinceBirth}
                onChange={(weeksSinceBirth) => onChange({ weeksSinceBirth })}
                invalid={!!error}
              />
            </div>
          )}
        </fieldset>
        <fieldset className="field choice-group" aria-describedby="health-conditions-hint" data-field="health">
          <legend className="field-label">CONDITIONS</legend>
          <p id="health-conditions-hint" className="profile__hint">
            Tick what applies. Chest pain, dizziness or a doctor&apos;s limit stops new workouts until a doctor has
            cleared you; the others make them gentler.
          </p>
          <div className="profile__health-conditions">
            {HEALTH_CONDITIONS.map((condition) => (
              <label key={condition} className="choice">
                <input
                  type="checkbox"
                  name="conditions"
                  value={condition}
                  checked={health.conditions.includes(condition)}
                  onChange={() => toggle(condition)}
                />
                <span>{CONDITION_QUESTIONS[condition]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p id="health-error" className="field-error">
            {error}
          </p>
        )}
      </div>
    </Panel>
  );
}

interface WeeksFieldProps {
  name: string;
  label: string;
  range: { min: number; max: number };
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}

function WeeksField({ name, label, range, value, onChange, invalid }: WeeksFieldProps) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={`profile-${name}`}>
        {label}
      </label>
      <input
        id={`profile-${name}`}
        className="input"
        name={name}
        data-field="health"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${name}-range health-error` : `${name}-range`}
      />
      <span id={`${name}-range`} className="profile__hint">
        {range.min}–{range.max}, optional
      </span>
    </div>
  );
}
