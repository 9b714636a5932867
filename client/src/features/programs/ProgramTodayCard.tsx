import type { ActiveProgramView, UserView } from '@contract';
import { Link } from 'react-router-dom';

import { describeError } from '../../api/api';
import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { sessionLabel, todayLine } from './programs.logic';
import { useGetActiveProgramQuery, useStartProgramSessionMutation } from './programsApi';

interface ProgramTodayCardProps {
  user: UserView;
  /** Today's workout's id, if any: the program's session is shown as under way when it is this one. */
  todayId: string | null;
  /** Runs at once, or after confirming that it replaces a session under way. */
  confirmReplace: (run: () => void) => void;
}

/** Sessions done out of the plan's, as a bar. */
export function ProgramProgress({ program }: { program: ActiveProgramView }) {
  return (
    <ProgressBar
      label={`${program.programName} progress`}
      value={program.done}
      max={program.total}
      valueText={`${program.done} of ${program.total} sessions`}
    />
  );
}

/** The training page's view of the member's program: today's session from it, one press away. */
export function ProgramTodayCard({ user, todayId, confirmReplace }: ProgramTodayCardProps) {
  const { toast } = useToast();
  const { data: program } = useGetActiveProgramQuery();
  const [startSession, starting] = useStartProgramSessionMutation();
  if (!program) return null;
  const next = program.next;
  const underWay = program.workoutId !== null && program.workoutId === todayId;
  const canTrain = program.status === 'active' && next && next.when !== 'doneToday' && !underWay;

  async function train() {
    try {
      await startSession({ userId: user.id }).unwrap();
      toast({ title: 'Program Session Ready', description: next ? sessionLabel(next.session) : program!.programName });
    } catch (error) {
      toast({ ...describeError(error, 'Not Started'), variant: 'destructive' });
    }
  }

  return (
    <Panel title="PROGRAM" aside={<Link to="/programs">DETAILS</Link>}>
      <p className="program-card__name">{program.programName}</p>
      <ProgramProgress program={program} />
      <p className="program-card__count">
        {program.done} / {program.total} SESSIONS
      </p>
      {next && <p data-testid="program-next">{sessionLabel(next.session)}</p>}
      <p className="program-card__line">
        {underWay ? 'Under way: today’s session is this program’s.' : todayLine(program)}
      </p>
      {canTrain && (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={starting.isLoading}
          onClick={() => confirmReplace(() => void train())}
        >
          {starting.isLoading ? 'PREPARING…' : 'TRAIN_PROGRAM_SESSION'}
        </button>
      )}
    </Panel>
  );
}
