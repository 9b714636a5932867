import type { UserView } from '@contract';

interface Tile {
  label: string;
  value: string | number;
  unit?: string;
}

function tilesFor(user: UserView | undefined): Tile[] {
  return [
    { label: 'FITNESS_CREDITS', value: user?.sweatCredits ?? 0, unit: 'FC' },
    { label: 'DAILY_STREAK', value: user?.dailyStreak ?? 0, unit: 'DAYS' },
    { label: 'PROFILE_RANK', value: user?.profileRank ?? '—' },
    { label: 'FITNESS_LEVEL', value: user?.fitnessLevel.toUpperCase() ?? '—' },
  ];
}

export function StatTiles({ user }: { user: UserView | undefined }) {
  return (
    <ul className="stat-tiles" aria-label="Stats">
      {tilesFor(user).map((tile) => (
        <li key={tile.label} className="stat-tile">
          <span className="stat-tile__label">{tile.label}</span>
          <span className={`stat-tile__value${typeof tile.value === 'string' ? ' stat-tile__value--text' : ''}`} data-testid={tile.label}>
            {tile.value}
          </span>
          {tile.unit && <span className="stat-tile__unit">{tile.unit}</span>}
        </li>
      ))}
    </ul>
  );
}
