import { COACH_PROGRAM_LIMITS } from '@contract/values';
import { useState } from 'react';

import { describeError } from '../../api/api';
import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { useBuildCoachProgramMutation } from './programsApi';

interface CoachProgramPanelProps {
  userId: string;
  /** The program a new one would replace, if any. */
  replaces: string | null;
}

/**
 * The coach builds a program from the profile and the chat. Days a week and weeks left at "as said
 * in the chat" take what the member told the coach there, else the level's usual number.
 */
export function CoachProgramPanel({ userId, replaces }: CoachProgramPanelProps) {
  const { toast } = useToast();
  const [build, building] = useBuildCoachProgramMutation();
  const [days, setDays] = useState('');
  const [weeks, setWeeks] = useState('');

  async function submit() {
    if (replaces && !window.confirm(`Build a new program? It replaces ${replaces}.`)) return;
    try {
      const program = await build({
        userId,
        ...(days ? { daysPerWeek: Number(days) } : {}),
        ...(weeks ? { weeks: Number(weeks) } : {}),
      }).unwrap();
      toast({
        title: 'Program Built',
        description: `${program.programName}: your first session is on the training page.`,
      });
    } catch (error) {
      toast({ ...describeError(error, 'Not Built'), variant: 'destructive' });
    }
  }

  return (
    <Panel title="BUILD_WITH_COACH">
      <p>
        Your coach builds a program from your profile (goal, level, equipment, limitations) and what you told it in the
        chat: the days a week and the weeks you asked for, or choose them here.
      </p>
      <form
        className="programs__build"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <RangeSelect label="DAYS_A_WEEK" limits={COACH_PROGRAM_LIMITS.daysPerWeek} value={days} onChange={setDays} />
        <RangeSelect label="WEEKS" limits={COACH_PROGRAM_LIMITS.weeks} value={weeks} onChange={setWeeks} />
        <button type="submit" className="btn btn--primary" disabled={building.isLoading}>
          {building.isLoading ? 'BUILDING…' : 'BUILD_MY_PROGRAM'}
        </button>
      </form>
    </Panel>
  );
}

interface RangeSelectProps {
  label: string;
  limits: { min: number; max: number };
  /** '' while the chat decides. */
  value: string;
  onChange: (value: string) => void;
}

function RangeSelect({ label, limits: { min, max }, value, onChange }: RangeSelectProps) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">AS_SAID_IN_CHAT</option>
        {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
