import type { SessionView } from '@contract';
import { useMemo } from 'react';

import { BarChart } from '../../ui/charts';
import { dayUnit, formatDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { Panel } from '../../ui/Panel';
import { type StatTile, StatTiles } from '../../ui/StatTiles';
import { ImportedActivities } from '../activities/ImportedActivities';
import { useGetUserQuery } from '../auth/authApi';
import BmiProgressSection from '../bmi/BmiProgressSection';
import { useGetAchievementsQuery } from '../credits/creditsApi';
import { useGetSessionsQuery } from '../workouts/workoutsApi';
import { creditsEarned, RECENT_SESSIONS, weeklyTotals } from './progress.logic';
import { ProofHistory } from './ProofHistory';
import { TrainingLogCharts } from './TrainingLogCharts';

import './progress.css';

export default function ProgressPage() {
  const { data: user } = useGetUserQuery();
  const userId = user?.id ?? '';
  const { data: sessions = [] } = useGetSessionsQuery(userId, { skip: !user });
  const { data: achievements = [] } = useGetAchievementsQuery(userId, { skip: !user });
  const weeks = useMemo(() => weeklyTotals(sessions, new Date()), [sessions]);

  const tiles: StatTile[] = [
    { label: 'TOTAL_SESSIONS', value: user?.totalWorkouts ?? 0 },
    { label: 'ACHIEVEMENTS', value: achievements.length },
    { label: 'CURRENT_STREAK', value: user?.currentStreak ?? 0, unit: dayUnit(user?.currentStreak ?? 0) },
    { label: 'CREDITS_EARNED', value: creditsEarned(sessions), unit: 'FC' },
  ];

  return (
    <div className="progress">
      <PageHeader title="ANALYTICS_MODULE" subtitle="Sessions, streaks and body metrics over time" />
      <StatTiles tiles={tiles} ariaLabel="Progress stats" />

      <div className="progress__charts">
        <Panel title="SESSIONS_PER_WEEK">
          <BarChart
            points={weeks.map((w) => ({ label: w.label, value: w.sessions }))}
            ariaLabel="Sessions per week, last 8 weeks"
          />
        </Panel>
        <Panel title="CREDITS_PER_WEEK">
          <BarChart
            points={weeks.map((w) => ({ label: w.label, value: w.credits }))}
            ariaLabel="Credits earned per week, last 8 weeks"
            unit="FC"
          />
        </Panel>
      </div>

      <TrainingLogCharts />

      <BmiProgressSection />

      <Panel title="RECENT_SESSIONS">
        <RecentSessions sessions={sessions.slice(0, RECENT_SESSIONS)} />
      </Panel>

      <Panel title="IMPORTED_ACTIVITIES">
        <ImportedActivities userId={userId} />
      </Panel>

      <Panel title="PROOF_HISTORY">
        <ProofHistory userId={userId} />
      </Panel>
    </div>
  );
}

function RecentSessions({ sessions }: { sessions: SessionView[] }) {
  if (sessions.length === 0) return <p className="progress-empty">NO_SESSION_DATA</p>;
  return (
    <ul className="session-list">
      {sessions.map((s) => (
        <li key={s.id} className="session-row">
          <div className="session-row__main">
            <span className="session-row__name">{s.workout.name || 'UNKNOWN_SESSION'}</span>
            <span className="muted">
              {formatDate(s.completedAt)} · {s.workout.type.toUpperCase()} · {s.workout.duration} MIN
            </span>
          </div>
          <span className={`tag${s.intensity === 'intense' ? ' tag--ok' : ''}`}>{s.intensity.toUpperCase()}</span>
          <span className="session-row__credits accent">+{s.creditsEarned} FC</span>
        </li>
      ))}
    </ul>
  );
}
