import type { ActivitySummary, UnitSystem } from '@contract';
import { ACTIVITY_FORMATS } from '@contract/values';

import { formatDistance } from '../profile/units';

/** "35 MIN", "1 H 35 MIN". */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} MIN` : `${Math.floor(minutes / 60)} H ${minutes % 60} MIN`;
}

/** What a file showed, as the dialog and the progress page list it: "RUNNING · 35 MIN · 6.01 KM · HR 142/171 · 5,880 STEPS · 385 KCAL" (the distance in the user's units). */
export function activityFacts(activity: ActivitySummary, units: UnitSystem): string {
  const facts = [
    activity.kind.toUpperCase(),
    formatDuration(activity.durationSeconds),
    activity.distanceMeters === null ? null : formatDistance(activity.distanceMeters, units),
    activity.heartRateAvg === null ? null : `HR ${activity.heartRateAvg}/${activity.heartRateMax}`,
    activity.steps === null ? null : `${activity.steps.toLocaleString('en-US')} STEPS`,
    activity.calories === null ? null : `${activity.calories} KCAL`,
  ];
  return facts.filter(Boolean).join(' · ');
}

/** "FIT", "Apple Health export": the source format, with the device when the file names one. */
export function activitySource(activity: ActivitySummary): string {
  const format = ACTIVITY_FORMATS[activity.format].label;
  return activity.device ? `${format} · ${activity.device}` : format;
}
