import { formatDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { Panel } from '../../ui/Panel';
import { useGetUserQuery } from '../auth/authApi';
import { useGetProfileQuery } from './profileApi';
import { ProfileForm } from './ProfileForm';
import { XAccountRow } from './XAccountRow';

import './profile.css';

export default function ProfilePage() {
  const { data: user } = useGetUserQuery();
  const { data: profile, isError, refetch } = useGetProfileQuery();

  return (
    <div className="profile">
      <PageHeader
        title="USER_PROFILE"
        subtitle="Your body, goal, equipment and settings: the coach and the generator work from them"
      >
        <p className="profile__meta">
          <span className="muted">OPERATOR:</span> {user ? user.username.toUpperCase() : 'USER_NOT_FOUND'}
        </p>
        {profile && (
          <p className="profile__meta muted" data-testid="profile-saved-at">
            {profile.savedAt ? `LAST_SAVED: ${formatDate(profile.savedAt).toUpperCase()}` : 'NOT_SAVED_YET'}
          </p>
        )}
      </PageHeader>

      <XAccountRow user={user} />

      {profile ? (
        <ProfileForm profile={profile} />
      ) : isError ? (
        <Panel title="PROFILE_UNAVAILABLE">
          <p role="alert">Your profile could not be loaded.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
            RETRY
          </button>
        </Panel>
      ) : (
        <p className="page-loading" role="status">
          LOADING_PROFILE...
        </p>
      )}
    </div>
  );
}
