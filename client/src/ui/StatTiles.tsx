import './stat-tiles.css';

export interface StatTile {
  label: string;
  value: string | number;
  unit?: string;
}

/** A row of big-number tiles; each value carries its label as test id (what the e2e specs read). */
export function StatTiles({ tiles, ariaLabel }: { tiles: StatTile[]; ariaLabel: string }) {
  return (
    <ul className="stat-tiles" aria-label={ariaLabel}>
      {tiles.map((tile) => (
        <li key={tile.label} className="stat-tile">
          <span className="stat-tile__label">{tile.label}</span>
          <span
            className={`stat-tile__value${typeof tile.value === 'string' ? ' stat-tile__value--text' : ''}`}
            data-testid={tile.label}
          >
            {tile.value}
          </span>
          {tile.unit && <span className="stat-tile__unit">{tile.unit}</span>}
        </li>
      ))}
    </ul>
  );
}
