import type { UserView } from '@contract';

import { dayUnit } from '../../ui/dates';
import { type StatTile, StatTiles } from '../../ui/StatTiles';

function tilesFor(user: UserView | undefined): StatTile[] {
  return [
    { label: 'FITNESS_CREDITS', value: user?.sweatCredits ?? 0, unit: 'FC' },
    { label: 'DAILY_STREAK', value: user?.dailyStreak ?? 0, unit: dayUnit(user?.dailyStreak ?? 0) },
    { label: 'PROFILE_RANK', value: user?.profileRank ?? '—' },
    { label: 'FITNESS_LEVEL', value: user?.fitnessLevel.toUpperCase() ?? '—' },
  ];
}

export function UserStatTiles({ user }: { user: UserView | undefined }) {
  return <StatTiles tiles={tilesFor(user)} ariaLabel="Stats" />;
}
