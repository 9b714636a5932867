import { Link, useLocation, useNavigate } from 'react-router-dom';

import { useGetUserQuery } from '../features/auth/authApi';
import { logout } from '../features/auth/session';
import { BoltIcon } from '../ui/icons';
import { useAppDispatch } from './hooks';
import { isSectionActive, NAV_SECTIONS } from './navigation';

export function TopNav() {
  const { pathname } = useLocation();
  const { data: user } = useGetUserQuery();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onLogout = (everywhere: boolean) => {
    dispatch(logout(everywhere));
    void navigate('/', { replace: true });
  };

  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <Link to="/" className="logo" aria-label="SWEAT_CREDITS home">
          <span className="logo__mark">
            <BoltIcon />
          </span>
          <span className="logo__text">
            SWEAT<span className="logo__accent">_CREDITS</span>
          </span>
        </Link>
        <nav className="top-nav" aria-label="Main">
          {NAV_SECTIONS.map((section) => {
            const active = isSectionActive(section, pathname);
            return (
              <Link
                key={section.path}
                to={section.path}
                className={`top-nav__link${active ? ' is-active' : ''}${section.short ? '' : ' top-nav__link--always'}`}
                aria-current={active ? 'page' : undefined}
              >
                {section.label}
              </Link>
            );
          })}
        </nav>
        <div className="top-bar__user">
          {user && (
            // The account's menu: the username opens it (a native disclosure, so keyboard and touch work as they do).
            <details className="account-menu">
              <summary className="top-bar__username" title={user.username}>
                <span className="status-dot" aria-hidden="true" />
                {user.username}
              </summary>
              <div className="account-menu__panel">
                <p className="muted">Lost a device, or signed in somewhere you no longer use?</p>
                <button type="button" className="btn btn--secondary btn--small" onClick={() => onLogout(true)}>
                  SIGN_OUT_EVERYWHERE
                </button>
              </div>
            </details>
          )}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => onLogout(false)}>
            LOGOUT
          </button>
        </div>
      </div>
    </header>
  );
}
