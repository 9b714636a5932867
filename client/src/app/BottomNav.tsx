import { Link, useLocation } from 'react-router-dom';

import { isSectionActive, NAV_SECTIONS } from './navigation';

/** Small screens only (hidden from 768px up by CSS): the main sections as a fixed tab bar. */
export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav className="bottom-nav" aria-label="Sections">
      {NAV_SECTIONS.map((section) => {
        if (!section.short) return null;
        const { label, Icon } = section.short;
        const active = isSectionActive(section, pathname);
        return (
          <Link
            key={section.path}
            to={section.path}
            className={`bottom-nav__item${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <Icon />
            <span>{label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
