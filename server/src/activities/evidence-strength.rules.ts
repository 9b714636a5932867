import type { ActivityCheck } from '../contract';
import type { SeriesShape } from '../contract/job-shapes';
import { bodyFeatures, implausibleForBody } from './body-plausibility.rules';
import type { ActivityReading } from './readers/activity-reading';

/**
 * How much an activity file proves on its own (docs/evidence.md, "Activity files"). A file with
 * device data (FIT file id, a TCX creator device, Apple Health's device) or whose series look like
 * a body's proves the day's activity; any other file (a plain GPX, a TCX without a device, any
 * program can write one) only supports the day's selfie and video: the day may validate on those,
 * but the file's figures are not counted (no steps for 10K Steps, no activity in the list).
 */
export function evidenceStrength(
  reading: ActivityReading,
  shape: SeriesShape | null,
): { supporting: boolean; check: ActivityCheck } {
  const device = reading.identity.deviceData;
  if (device) {
    return {
      supporting: false,
      check: {
        name: 'evidence_strength',
        passed: true,
        reason: `Recorded by a device (${reading.device ?? device}): counts as today's activity`,
      },
    };
  }
  const why = shape ? implausibleForBody(bodyFeatures(shape)) : 'it is too short to judge';
  if (!why) {
    return {
      supporting: false,
      check: {
        name: 'evidence_strength',
        passed: true,
        reason: 'No device data, but its heart rate and track look recorded by a body: counts as today’s activity',
      },
    };
  }
  return {
    supporting: true,
    check: {
      name: 'evidence_strength',
      passed: true,
      reason: `Supporting only: this file has no device data and ${why}, so it backs up your selfie and video but does not count as an activity (its steps and distance are not credited)`,
    },
  };
}
