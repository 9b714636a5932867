import type { EarnAction, UserView } from '@contract';
import { EARN_ACTIONS, EARNING_ACTIONS } from '@contract/values';
import { useState } from 'react';
import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { EARN_CONDITIONS } from './credits.logic';
import { useEarnMutation } from './creditsApi';

/** SPEC §2.3: one card per earning action; the server pays only when the action was really done today. */
export function EarningActions({ user }: { user: UserView }) {
  const { toast } = useToast();
  const [earn] = useEarnMutation();
  const [pending, setPending] = useState<EarnAction | null>(null);

  const claim = async (action: EarnAction, credits: number, title: string) => {
    setPending(action);
    try {
      const result = await earn({ userId: user.id, action, credits }).unwrap();
      toast({ title: 'Credits Earned!', description: `+${result.credits} credits for ${title}` });
    } catch {
      // SPEC §8: a failed earn action shows no message; each card says what earns it.
    } finally {
      setPending(null);
    }
  };

  return (
    <Panel title="EARNING_ACTIONS">
      <ul className="earn-grid">
        {EARN_ACTIONS.map((action) => ({ action, ...EARNING_ACTIONS[action] })).map(({ action, title, credits }) => (
          <li key={action} className="earn-card">
            <span className="earn-card__credits">+{credits}</span>
            <span className="earn-card__title">{title}</span>
            <span className="earn-card__condition muted">{EARN_CONDITIONS[action]}</span>
            <button
              type="button"
              className="btn btn--secondary btn--small"
              aria-label={`Claim ${title}`}
              disabled={pending !== null}
              onClick={() => claim(action, credits, title)}
            >
              {pending === action ? 'PROCESSING...' : 'CLAIM'}
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
