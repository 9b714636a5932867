import type { ProfileView, UnitSystem } from '@contract';
import { EQUIPMENT, LIMITATIONS, TRAINING_GOALS, UNIT_SYSTEMS } from '@contract/values';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';

import { type ApiError, describeError } from '../../api/api';
import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { ChoiceGroup } from './ChoiceGroup';
import { HealthScreening } from './HealthScreening';
import {
  FIELD_ORDER,
  fieldErrorOf,
  type FieldErrors,
  formOf,
  labelOf,
  type ProfileField,
  type ProfileForm as Form,
  requestOf,
  timeZoneOptions,
  withUnits,
} from './profile.logic';
import { useSaveProfileMutation } from './profileApi';
import { weightUnit } from './units';

const toggled = <T,>(list: readonly T[], item: T): T[] =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

/** The profile and settings form: the server checks every field again and names the one it refuses. */
export function ProfileForm({ profile }: { profile: ProfileView }) {
  const { toast } = useToast();
  const [save, { isLoading }] = useSaveProfileMutation();
  const [form, setForm] = useState(() => formOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const zones = useMemo(() => timeZoneOptions(form.timeZone), [form.timeZone]);

  const change = (patch: Partial<Form>, ...fields: ProfileField[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as ProfileField))),
    );
  };

  /** Shows the errors and moves the focus to the first refused field. */
  function refuse(found: FieldErrors, title: string, description: string) {
    setErrors(found);
    toast({ title, description, variant: 'destructive' });
    const first = FIELD_ORDER.find((field) => found[field]);
    const control = formRef.current?.querySelector<HTMLElement>(
      `[data-field="${first}"] input, [data-field="${first}"] select, [data-field="${first}"] button, input[data-field="${first}"]`,
    );
    control?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { request, errors: found } = requestOf(form);
    if (!request) return refuse(found, 'Invalid Input', Object.values(found)[0]!);
    try {
      const saved = await save(request).unwrap();
      setForm(formOf(saved));
      setErrors({});
      toast({ title: 'Profile Saved', description: 'Your profile and settings are up to date.' });
    } catch (error) {
      const { title, description } = describeError(error, 'Save Failed');
      const fieldErrors = fieldErrorOf((error as ApiError).code, description, form.units);
      if (fieldErrors) return refuse(fieldErrors, title, Object.values(fieldErrors)[0]!);
      toast({
        title,
        description: description || 'Failed to save your profile. Please try again.',
        variant: 'destructive',
      });
    }
  }

  const imperial = form.units === 'imperial';
  return (
    <form ref={formRef} className="profile__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="profile__columns">
        <Panel title="BODY_METRICS">
          <div className="profile__metrics">
            <NumberField
              name="age"
              label="AGE (YEARS)"
              value={form.age}
              onChange={(age) => change({ age }, 'age')}
              error={errors.age}
              inputMode="numeric"
            />
            {imperial ? (
              <fieldset className="field" data-field="height">
                <legend className="field-label">HEIGHT</legend>
                <div className="profile__feet-inches">
                  <NumberField
                    name="height-feet"
                    label="FEET"
                    value={form.height.feet}
                    onChange={(feet) => change({ height: { ...form.height, feet } }, 'height')}
                    sharedError={errors.height ? 'height-error' : undefined}
                    inputMode="numeric"
                  />
                  <NumberField
                    name="height-inches"
                    label="INCHES"
                    value={form.height.inches}
                    onChange={(inches) => change({ height: { ...form.height, inches } }, 'height')}
                    sharedError={errors.height ? 'height-error' : undefined}
                    inputMode="numeric"
                  />
                </div>
                {errors.height && <FieldError name="height">{errors.height}</FieldError>}
              </fieldset>
            ) : (
              <NumberField
                name="height"
                label="HEIGHT (CM)"
                value={form.height.cm}
                onChange={(cm) => change({ height: { ...form.height, cm } }, 'height')}
                error={errors.height}
                inputMode="numeric"
              />
            )}
            <NumberField
              name="weight"
              label={`WEIGHT (${weightUnit(form.units).toUpperCase()})`}
              value={form.weight}
              onChange={(weight) => change({ weight }, 'weight')}
              error={errors.weight}
              inputMode="decimal"
            />
          </div>
          <p className="profile__hint">
            An analysed body-scan report or the BMI calculator updates height and weight too.
          </p>
        </Panel>

        <Panel title="SETTINGS">
          <fieldset className="field" data-field="units" aria-describedby={errors.units ? 'units-error' : undefined}>
            <legend className="field-label">UNITS</legend>
            <div className="profile__units">
              {UNIT_SYSTEMS.map((units: UnitSystem) => (
                <button
                  key={units}
                  type="button"
                  className="profile__units-option"
                  aria-pressed={form.units === units}
                  onClick={() => change(withUnits(form, units), 'units', 'height', 'weight')}
                >
                  {labelOf(units)}
                </button>
              ))}
            </div>
            {errors.units && <FieldError name="units">{errors.units}</FieldError>}
          </fieldset>
          <div className="field profile__zone" data-field="timeZone">
            <label className="field-label" htmlFor="profile-time-zone">
              TIME_ZONE
            </label>
            <select
              id="profile-time-zone"
              className="input"
              value={form.timeZone}
              onChange={(e) => change({ timeZone: e.target.value }, 'timeZone')}
              aria-invalid={errors.timeZone ? true : undefined}
              aria-describedby={errors.timeZone ? 'timeZone-hint timeZone-error' : 'timeZone-hint'}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
            <span id="timeZone-hint" className="profile__hint">
              Your days (streaks, daily proofs) are counted in this zone.
            </span>
            {errors.timeZone && <FieldError name="timeZone">{errors.timeZone}</FieldError>}
          </div>
        </Panel>
      </div>

      <Panel title="TRAINING_PROFILE">
        <div className="profile__groups">
          <ChoiceGroup
            name="goal"
            legend="GOAL"
            hint="What your sessions should work towards."
            options={TRAINING_GOALS}
            multiple={false}
            selected={form.goal ? [form.goal] : []}
            onToggle={(goal) => change({ goal }, 'goal')}
            error={errors.goal}
          />
          <ChoiceGroup
            name="equipment"
            legend="EQUIPMENT"
            hint="What you have at hand. None ticked: bodyweight only."
            options={EQUIPMENT}
            multiple
            selected={form.equipment}
            onToggle={(item) => change({ equipment: toggled(form.equipment, item) }, 'equipment')}
            error={errors.equipment}
          />
          <ChoiceGroup
            name="limitations"
            legend="LIMITATIONS"
            hint="Body parts to spare: nothing that loads them is programmed."
            options={LIMITATIONS}
            multiple
            selected={form.limitations}
            onToggle={(item) => change({ limitations: toggled(form.limitations, item) }, 'limitations')}
            error={errors.limitations}
          />
        </div>
      </Panel>

      <HealthScreening
        health={form.health}
        onChange={(patch) => change({ health: { ...form.health, ...patch } }, 'health')}
        error={errors.health}
      />

      <div className="profile__actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          {isLoading ? 'SAVING...' : 'SAVE_PROFILE'}
        </button>
      </div>
    </form>
  );
}

function FieldError({ name, children }: { name: string; children: ReactNode }) {
  return (
    <span id={`${name}-error`} className="field-error">
      {children}
    </span>
  );
}

interface NumberFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputMode: 'numeric' | 'decimal';
  /** Shown under the field and read with it. */
  error?: string;
  /** The id of an error shown elsewhere that makes this field invalid (the height's feet and inches share one). */
  sharedError?: string;
}

function NumberField({ name, label, value, onChange, inputMode, error, sharedError }: NumberFieldProps) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        name={name}
        data-field={name}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error || sharedError ? true : undefined}
        aria-describedby={error ? `${name}-error` : sharedError}
      />
      {error && <FieldError name={name}>{error}</FieldError>}
    </label>
  );
}
