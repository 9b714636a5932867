import type { ActiveProgramView, ProgramSummary } from '@contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { describeError } from '../../api/api';
import { useToast } from '../../app/toast/useToast';
import { PageHeader } from '../../ui/PageHeader';
import { Panel } from '../../ui/Panel';
import { useGetUserQuery } from '../auth/authApi';
import { ImportPanel } from '../imports/ImportPanel';
import { CoachProgramPanel } from './CoachProgramPanel';
import { sessionLabel, todayLine, weekdayList } from './programs.logic';
import {
  useGetActiveProgramQuery,
  useGetProgramQuery,
  useGetProgramsQuery,
  useProgramActionMutation,
  useStartProgramMutation,
} from './programsApi';
import { ProgramProgress } from './ProgramTodayCard';

import './programs.css';

export default function ProgramsPage() {
  const { data: user } = useGetUserQuery();
  const { data: programs } = useGetProgramsQuery();
  const { data: active } = useGetActiveProgramQuery();
  const [open, setOpen] = useState<string | null>(null);
  const replaces = active && active.status !== 'stopped' && active.status !== 'finished' ? active.programName : null;
  return (
    <div className="programs">
      <PageHeader title="PROGRAMS" subtitle="Plans over weeks that progress from what you log" />
      {active && user && <ActiveProgram program={active} userId={user.id} />}
      {user && <CoachProgramPanel userId={user.id} replaces={replaces} />}
      <Panel title="CATALOGUE">
        <ul className="programs__list">
          {(programs ?? []).map((program) => (
            <li key={program.id} className="programs__item">
              <ProgramRow
                program={program}
                userId={user?.id}
                following={active?.programId === program.id && active.status !== 'stopped'}
                replaces={replaces}
                open={open === program.id}
                onToggle={() => setOpen(open === program.id ? null : program.id)}
              />
            </li>
          ))}
        </ul>
      </Panel>
      {user && <ImportPanel userId={user.id} units={user.units === 'imperial' ? 'lb' : 'kg'} />}
    </div>
  );
}

/** What the member can do to their program in each state. */
const ACTIONS = [
  { action: 'pause', when: ['active'], style: 'btn--secondary' },
  { action: 'resume', when: ['paused'], style: 'btn--primary' },
  { action: 'stop', when: ['active', 'paused'], style: 'btn--ghost' },
] as const;

function ActiveProgram({ program, userId }: { program: ActiveProgramView; userId: string }) {
  const { toast } = useToast();
  const [showWeek, setShowWeek] = useState(false);
  const [act, acting] = useProgramActionMutation();
  const run = async (action: 'pause' | 'resume' | 'stop') => {
    try {
      await act({ userId, action }).unwrap();
    } catch (error) {
      toast({ ...describeError(error, 'Not Changed'), variant: 'destructive' });
    }
  };
  return (
    <Panel title="YOUR_PROGRAM" aside={<span className="tag">{program.status.toUpperCase()}</span>}>
      <p className="programs__name">{program.programName}</p>
      <ProgramProgress program={program} />
      <p>
        {program.done} / {program.total} SESSIONS · STARTED {program.startedOn}
        {program.finishOn ? ` · FINISH ${program.finishOn}` : ''}
      </p>
      {program.next && <p data-testid="program-next">NEXT: {sessionLabel(program.next.session)}</p>}
      <p>{todayLine(program)}</p>
      {program.upcoming.length > 0 && (
        <ol className="programs__upcoming" aria-label="Upcoming sessions">
          {program.upcoming.map((u) => (
            <li key={u.session.index}>
              <span>{u.date}</span> <span>{sessionLabel(u.session)}</span>
            </li>
          ))}
        </ol>
      )}
      <div className="programs__actions">
        {program.status === 'active' && program.next && (
          <Link className="btn btn--primary" to="/workouts">
            TO_TRAINING
          </Link>
        )}
        <button
          type="button"
          className="btn btn--ghost"
          aria-expanded={showWeek}
          onClick={() => setShowWeek(!showWeek)}
        >
          {showWeek ? 'HIDE_WEEK' : 'SHOW_WEEK'}
        </button>
        {ACTIONS.filter((a) => (a.when as readonly string[]).includes(program.status)).map((a) => (
          <button
            key={a.action}
            type="button"
            className={`btn ${a.style}`}
            disabled={acting.isLoading}
            onClick={() => void run(a.action)}
          >
            {a.action.toUpperCase()}
          </button>
        ))}
      </div>
      {showWeek && <ProgramWeek programId={program.programId} />}
    </Panel>
  );
}

interface ProgramRowProps {
  program: ProgramSummary;
  userId: string | undefined;
  following: boolean;
  /** The program a start would replace, if any. */
  replaces: string | null;
  open: boolean;
  onToggle: () => void;
}

function ProgramRow({ program, userId, following, replaces, open, onToggle }: ProgramRowProps) {
  const { toast } = useToast();
  const [start, starting] = useStartProgramMutation();
  async function follow() {
    if (!userId) return;
    if (replaces && !window.confirm(`Start ${program.name}? It replaces ${replaces}.`)) return;
    try {
      await start({ userId, programId: program.id }).unwrap();
      toast({ title: 'Program Started', description: `${program.name}: your first session is on the training page.` });
    } catch (error) {
      toast({ ...describeError(error, 'Not Started'), variant: 'destructive' });
    }
  }
  return (
    <article aria-label={program.name}>
      <header className="programs__row">
        <h3>{program.name}</h3>
        <span className="tag">{program.level.toUpperCase()}</span>
      </header>
      <p className="programs__facts">
        {program.weeks} WEEKS · {program.daysPerWeek} DAYS ({weekdayList(program.weekdays)}) · DELOAD WEEK{' '}
        {program.deloadWeeks.join(', ')} ·{' '}
        {program.equipment.length ? program.equipment.join(', ').replace(/_/g, ' ') : 'bodyweight'}
      </p>
      <p>{program.summary}</p>
      <div className="programs__actions">
        <button type="button" className="btn btn--ghost btn--small" aria-expanded={open} onClick={onToggle}>
          {open ? 'HIDE_WEEK' : 'SHOW_WEEK'}
        </button>
        {following ? (
          <span className="tag">FOLLOWING</span>
        ) : (
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={starting.isLoading}
            onClick={() => void follow()}
          >
            START_PROGRAM
          </button>
        )}
      </div>
      {open && <ProgramWeek programId={program.id} />}
    </article>
  );
}

function ProgramWeek({ programId }: { programId: string }) {
  const { data } = useGetProgramQuery(programId);
  if (!data) return <p>LOADING…</p>;
  return (
    <div className="programs__week">
      {data.days.map((day) => (
        <section key={day.name} aria-label={day.name}>
          <h4>{day.name}</h4>
          <ul>
            {day.exercises
              .filter((e) => e.phase === 'main')
              .map((e) => (
                <li key={e.catalogueId}>
                  <strong>{e.name}</strong> — {e.plan}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
