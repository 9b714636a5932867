import { Link, useLocation } from 'react-router-dom';

import { Panel } from '../ui/Panel';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="not-found">
      <Panel title="Page Not Found" titleLevel={1} aside={<span className="tag tag--danger">404</span>}>
        <p className="muted">
          Nothing is routed at <code>{pathname}</code>.
        </p>
        <Link to="/" className="btn btn--primary">
          RETURN_TO_DASHBOARD
        </Link>
      </Panel>
    </div>
  );
}
