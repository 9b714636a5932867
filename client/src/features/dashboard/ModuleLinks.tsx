import { Link } from 'react-router-dom';

import { ChartIcon, CoinIcon, DumbbellIcon } from '../../ui/icons';

const MODULES = [
  {
    to: '/workouts',
    title: 'TRAINING_MODULE',
    text: 'AI workouts, the active session and your coach.',
    Icon: DumbbellIcon,
  },
  { to: '/progress', title: 'ANALYTICS_MODULE', text: 'Sessions, BMI trend and the calculator.', Icon: ChartIcon },
  { to: '/credits', title: 'CREDITS_AND_REWARDS', text: 'Ledger, goals, marketplace and purchases.', Icon: CoinIcon },
];

export function ModuleLinks() {
  return (
    <nav className="module-links" aria-label="Modules">
      {MODULES.map(({ to, title, text, Icon }) => (
        <Link key={to} to={to} className="module-link">
          <span className="module-link__icon">
            <Icon />
          </span>
          <span>
            <span className="module-link__title">{title}</span>
            <span className="module-link__text">{text}</span>
          </span>
          <span className="module-link__arrow" aria-hidden="true">
            →
          </span>
        </Link>
      ))}
    </nav>
  );
}
