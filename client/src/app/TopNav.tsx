import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useGetUserQuery } from '../features/auth/authApi';
import { logout } from '../features/auth/session';
import { BoltIcon } from '../ui/icons';
import { useAppDispatch } from './hooks';
import { NAV_SECTIONS, isSectionActive } from './navigation';

export function TopNav() {
  const { pathname } = useLocation();
  const { data: user } = useGetUserQuery();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onLogout = () => {
    dispatch(logout());
    navigate('/', { replace: true });
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
              <Link key={section.path} to={section.path} className={`top-nav__link${active ? ' is-active' : ''}${section.short ? '' : ' top-nav__link--always'}`} aria-current={active ? 'page' : undefined}>
                {section.label}
              </Link>
            );
          })}
        </nav>
        <div className="top-bar__user">
          {user && (
            <span className="top-bar__username" title={user.username}>
              <span className="status-dot" aria-hidden="true" />
              {user.username}
            </span>
          )}
          <button type="button" className="btn btn--ghost btn--small" onClick={onLogout}>
            LOGOUT
          </button>
        </div>
      </div>
    </header>
  );
}
