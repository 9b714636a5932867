import type { UserView } from '@contract';

import { formatDays } from '../../ui/dates';
import { Panel } from '../../ui/Panel';
import { useGetAchievementsQuery } from './creditsApi';

/** docs/product.md: current streak, best streak and the titles of earned badges. */
export function BadgesSection({ user }: { user: UserView }) {
  const { data: badges = [] } = useGetAchievementsQuery(user.id);
  return (
    <Panel title="BADGES_AND_STREAKS">
      <dl className="streaks">
        <div>
          <dt>CURRENT_STREAK</dt>
          <dd data-testid="current-streak">{formatDays(user.currentStreak)}</dd>
        </div>
        <div>
          <dt>BEST_STREAK</dt>
          <dd data-testid="best-streak">{formatDays(user.longestStreak)}</dd>
        </div>
      </dl>
      {badges.length === 0 ? (
        <p className="muted">NO_BADGES_YET</p>
      ) : (
        <ul className="badge-list" aria-label="Earned badges">
          {badges.map((badge) => (
            <li key={badge.id} className="tag tag--ok" title={badge.description}>
              {badge.title}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
