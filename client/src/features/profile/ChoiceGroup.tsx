import type { ReactNode } from 'react';

import { labelOf } from './profile.logic';

interface ChoiceGroupProps<T extends string> {
  /** The group's name and the id its hint and error hang from. */
  name: string;
  legend: string;
  hint: ReactNode;
  options: readonly T[];
  /** Checkboxes when several may be chosen, radios when one. */
  multiple: boolean;
  selected: readonly T[];
  onToggle: (option: T) => void;
  error?: string;
}

/** A fieldset of native radios or checkboxes (keyboard and screen readers for free), shown as chips. */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  hint,
  options,
  multiple,
  selected,
  onToggle,
  error,
}: ChoiceGroupProps<T>) {
  const describedBy = [`${name}-hint`, error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className="field choice-group"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      data-field={name}
    >
      <legend className="field-label">{legend}</legend>
      <p id={`${name}-hint`} className="profile__hint">
        {hint}
      </p>
      <div className="choice-group__options">
        {options.map((option) => (
          <label key={option} className="choice">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={option}
              checked={selected.includes(option)}
              onChange={() => onToggle(option)}
            />
            <span>{labelOf(option)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
