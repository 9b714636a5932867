import type { UserView } from '@contract';
import { useEffect } from 'react';

import { describeError } from '../../api/api';
import { useGetConfigQuery } from '../../api/configApi';
import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { useCreateXLinkCodeMutation } from '../auth/authApi';

/** The start of "link your X account": the server redirects to X, then back to /profile. */
const X_LINK_START_PATH = '/api/auth/twitter';
const WHY_ID = 'x-account-why';

/** The address the server sends the browser back to after X: a toast, then the parameters leave the address bar. */
function useXLinkReturn() {
  const { toast } = useToast();
  useEffect(() => {
    const url = new URL(window.location.href);
    const linked = url.searchParams.get('xLinked');
    const error = url.searchParams.get('error');
    if (linked === null && error === null) return;
    if (linked !== null)
      toast({
        title: 'X Account Linked!',
        description: `@${linked}: your posts with your referral link now earn credits.`,
      });
    else toast({ title: 'X Account Not Linked', description: error ?? '', variant: 'destructive' });
    for (const name of ['xLinked', 'error', 'code']) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [toast]);
}

/** The profile's X ACCOUNT row: the linked handle, or LINK_X_ACCOUNT and why posts need it. */
export function XAccountRow({ user }: { user: UserView | undefined }) {
  const { toast } = useToast();
  const { data: config } = useGetConfigQuery();
  const [createCode, { isLoading }] = useCreateXLinkCodeMutation();
  useXLinkReturn();

  async function link() {
    try {
      const { code } = await createCode().unwrap();
      window.location.assign(`${X_LINK_START_PATH}?${new URLSearchParams({ link: code })}`);
    } catch (error) {
      const { title, description } = describeError(error, 'X Account Not Linked');
      toast({ title, description, variant: 'destructive' });
    }
  }

  const available = config?.twitterLogin ?? false;
  return (
    <Panel title="X ACCOUNT">
      {user?.xLinked ? (
        <p data-testid="x-account-status">
          LINKED {user.twitterHandle ? `@${user.twitterHandle}` : ''}
          <span className="muted"> · posts from this account earn credits</span>
        </p>
      ) : (
        <div className="profile__x-link">
          <p id={WHY_ID} className="muted">
            Posts earn credits only from your own X account.
            {!available && ' Linking X is not available on this server.'}
          </p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void link()}
            disabled={!available || isLoading || !user}
            aria-describedby={WHY_ID}
          >
            {isLoading ? 'OPENING_X...' : 'LINK_X_ACCOUNT'}
          </button>
        </div>
      )}
    </Panel>
  );
}
