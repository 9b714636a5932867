import type { Difficulty, Duration, WorkoutType } from '@contract';
import { DIFFICULTIES, DURATIONS, GENERATOR_DEFAULTS, WORKOUT_TYPES } from '@contract/values';
import { useState } from 'react';

import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';

export interface GeneratorChoice {
  type: WorkoutType;
  difficulty: Difficulty;
  duration: Duration;
}

interface GeneratorCardProps {
  engine: string | undefined;
  generating: boolean;
  /** 0–100 while the AI job runs, when the worker has reported it. */
  progress: number | null;
  onGenerate: (choice: GeneratorChoice) => void;
}

export function GeneratorCard({ engine, generating, progress, onGenerate }: GeneratorCardProps) {
  const [choice, setChoice] = useState<GeneratorChoice>(GENERATOR_DEFAULTS);
  return (
    <Panel title="AI_GENERATOR">
      <p className="generator__engine">
        <span className="status-dot" />
        ENGINE: {engine ?? '...'}
      </p>
      <form
        className="generator"
        onSubmit={(event) => {
          event.preventDefault();
          onGenerate(choice);
        }}
      >
        <label className="field">
          <span className="field-label">TRAINING_TYPE</span>
          <select
            className="input"
            value={choice.type}
            onChange={(e) => setChoice({ ...choice, type: e.target.value as WorkoutType })}
          >
            {WORKOUT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="field">
          <legend className="field-label">DIFFICULTY</legend>
          <div className="segmented">
            {DIFFICULTIES.map((difficulty) => (
              <button
                key={difficulty}
                type="button"
                className={`segmented__option${choice.difficulty === difficulty ? ' is-active' : ''}`}
                aria-pressed={choice.difficulty === difficulty}
                onClick={() => setChoice({ ...choice, difficulty })}
              >
                {difficulty.toUpperCase()}
              </button>
            ))}
          </div>
        </fieldset>
        <label className="field">
          <span className="field-label">DURATION</span>
          <select
            className="input"
            value={choice.duration}
            onChange={(e) => setChoice({ ...choice, duration: Number(e.target.value) as Duration })}
          >
            {DURATIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} MINUTES
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--primary btn--block" disabled={generating}>
          {generating ? 'GENERATING...' : 'EXECUTE_GENERATION'}
        </button>
        {generating && <ProgressBar value={progress} label="Generating workout" />}
      </form>
    </Panel>
  );
}
