import { useMemo } from 'react';
import { LineChart } from '../../ui/charts';
import { formatDate, shortDate } from '../../ui/dates';
import { activityFacts, activitySource } from './activityFacts';
import { useGetActivitiesQuery } from './activitiesApi';

/** How many imported activities the list shows; the chart takes them all. */
export const RECENT_ACTIVITIES = 10;

/**
 * Activities imported from watch and app files (each validated a proof day): active minutes over
 * time, and the latest ones with what their files showed.
 */
export function ImportedActivities({ userId }: { userId: string }) {
  const { data: activities = [] } = useGetActivitiesQuery(userId, { skip: !userId });
  // The chart reads left to right, oldest first; the list newest first, as the server answers.
  const points = useMemo(
    () => [...activities].reverse().map((a) => ({ label: shortDate(a.startedAt), value: Math.round(a.durationSeconds / 60), at: a.startedAt })),
    [activities],
  );
  if (activities.length === 0) {
    return <p className="progress-empty">NO_IMPORTED_ACTIVITIES: upload a FIT, TCX or GPX file or an Apple Health export as your activity proof</p>;
  }
  return (
    <>
      <LineChart points={points} ariaLabel="Active minutes of each imported activity" unit="min" />
      <ul className="session-list" aria-label="Imported activities">
        {activities.slice(0, RECENT_ACTIVITIES).map((a) => (
          <li key={a.id} className="session-row">
            <div className="session-row__main">
              <span className="session-row__name">{formatDate(a.startedAt, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })}</span>
              <span className="muted">{activityFacts(a)}</span>
            </div>
            <span className="tag">{activitySource(a)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
