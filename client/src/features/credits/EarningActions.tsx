import type { EarnAction, EarnActionState, UserView } from '@contract';
import { EARN_ACTIONS, EARNING_ACTIONS, pendingCreditsText } from '@contract/values';
import { useState } from 'react';

import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { useEarnMutation, useGetEarnActionsQuery } from './creditsApi';

/**
 * docs/product.md: one card per earning action, saying before the click whether CLAIM pays now (READY)
 * or what is missing, as the server's claim rule finds it. docs/product.md keeps a failed claim silent.
 */
export function EarningActions({ user }: { user: UserView }) {
  const { toast } = useToast();
  const [earn] = useEarnMutation();
  // The states depend on the day: read them again each time the screen opens.
  const { data: states } = useGetEarnActionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [pending, setPending] = useState<EarnAction | null>(null);

  const claim = async (action: EarnAction, credits: number, title: string) => {
    setPending(action);
    try {
      const result = await earn({ userId: user.id, action, credits }).unwrap();
      // Complete Workout waits for the day's proofs: the toast says so in the card's words.
      toast({
        title: 'Credits Earned!',
        description: result.pending ? pendingCreditsText(result.credits) : `+${result.credits} credits for ${title}`,
      });
    } catch {
      // docs/product.md: a failed earn action shows no message; the card's state says why.
    } finally {
      setPending(null);
    }
  };

  return (
    <Panel title="EARNING_ACTIONS">
      <ul className="earn-grid">
        {EARN_ACTIONS.map((action) => (
          <EarnCard
            key={action}
            action={action}
            state={states?.find((s) => s.action === action)}
            pending={pending}
            onClaim={(title, credits) => void claim(action, credits, title)}
          />
        ))}
      </ul>
    </Panel>
  );
}

interface EarnCardProps {
  action: EarnAction;
  /** Undefined until the server answers; CLAIM then stays usable and the server decides. */
  state: EarnActionState | undefined;
  pending: EarnAction | null;
  onClaim: (title: string, credits: number) => void;
}

function EarnCard({ action, state, pending, onClaim }: EarnCardProps) {
  const { title, credits } = EARNING_ACTIONS[action];
  const statusId = `earn-${action}-status`;
  const blocked = state !== undefined && !state.claimable;
  return (
    <li className={`earn-card${state?.claimable ? ' earn-card--ready' : ''}`}>
      <span className="earn-card__credits">+{credits}</span>
      <span className="earn-card__title">{title}</span>
      {state?.pending && <span className="earn-card__note muted">After CLAIM: {pendingCreditsText(credits)}</span>}
      {state?.progress && (
        <ProgressBar
          label={`${title} progress`}
          value={state.progress.current}
          max={state.progress.target}
          valueText={`${state.progress.current} of ${state.progress.target} ${state.progress.unit}`}
        />
      )}
      {state && (
        <span id={statusId} className={state.claimable ? 'earn-card__ready tag tag--ok' : 'earn-card__missing muted'}>
          {state.missing ?? 'READY'}
        </span>
      )}
      <button
        type="button"
        className={`btn btn--small ${state?.claimable ? 'btn--primary' : 'btn--secondary'}`}
        aria-label={`Claim ${title}`}
        aria-describedby={state ? statusId : undefined}
        aria-disabled={blocked || undefined}
        disabled={pending !== null}
        // aria-disabled keeps the button focusable, so its reason can be read; a click does nothing.
        onClick={() => !blocked && onClaim(title, credits)}
      >
        {pending === action ? 'PROCESSING...' : 'CLAIM'}
      </button>
    </li>
  );
}
