import { useMemo } from 'react';

import { BarChart } from '../../ui/charts';
import { formatDate } from '../../ui/dates';
import { useUnits } from '../profile/useUnits';
import { weeklyActiveMinutes } from '../progress/progress.logic';
import { useGetActivitiesQuery } from './activitiesApi';
import { activityFacts, activitySource } from './activityFacts';

/** How many imported activities the list shows; the chart takes them all. */
export const RECENT_ACTIVITIES = 10;

/**
 * Activities imported from watch and app files (each validated a proof day): active minutes per
 * week, and the latest ones with what their files showed.
 */
export function ImportedActivities({ userId }: { userId: string }) {
  const { data: activities = [] } = useGetActivitiesQuery(userId, { skip: !userId });
  const weeks = useMemo(() => weeklyActiveMinutes(activities, new Date()), [activities]);
  const units = useUnits();
  if (activities.length === 0) {
    return (
      <p className="progress-empty">
        NO_IMPORTED_ACTIVITIES: upload a FIT, TCX or GPX file or an Apple Health export as your activity proof
      </p>
    );
  }
  return (
    <>
      <BarChart points={weeks} ariaLabel="Active minutes of imported activities per week, last 8 weeks" unit="min" />
      <ul className="session-list" aria-label="Imported activities">
        {activities.slice(0, RECENT_ACTIVITIES).map((a) => (
          <li key={a.id} className="session-row">
            <div className="session-row__main">
              <span className="session-row__name">
                {formatDate(a.startedAt, {
                  month: 'short',
                  day: 'numeric',
                  hour: '2-digit',
                  minute: '2-digit',
                  hour12: false,
                })}
              </span>
              <span className="muted">{activityFacts(a, units)}</span>
              <span className="muted">{activitySource(a)}</span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
