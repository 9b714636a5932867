import type { UserView } from '@contract';
import { REFERRAL_CREDITS, TWEET_CREDITS } from '@contract/values';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';

import { describeError } from '../../api/api';
import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { isTweetUrl, tweetIntentUrl } from './credits.logic';
import { useValidateTweetMutation } from './creditsApi';

const NO_X_ID = 'tweet-needs-x';

/** docs/product.md: credits as a revenue stake, and the share box (tweet, copy link, validate a post). */
export function ShareSection({ user }: { user: UserView }) {
  const { toast } = useToast();
  const [tweetUrl, setTweetUrl] = useState('');
  const [validateTweet, { isLoading: validating }] = useValidateTweetMutation();

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(user.referralLink);
      toast({ title: 'Link Copied!', description: `Share it to earn +${REFERRAL_CREDITS} credits per friend` });
    } catch {
      toast({ title: 'Copy Failed', description: `Copy it by hand: ${user.referralLink}`, variant: 'destructive' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isTweetUrl(tweetUrl)) {
      toast({ title: 'Invalid Tweet URL', description: 'Please paste a valid Twitter/X URL', variant: 'destructive' });
      return;
    }
    try {
      const result = await validateTweet({
        userId: user.id,
        tweetUrl: tweetUrl.trim(),
        referralLink: user.referralLink,
      }).unwrap();
      setTweetUrl('');
      toast({ title: 'Tweet Validated!', description: `+${result.credits} credits added to your balance` });
    } catch (error) {
      toast({ ...describeError(error, 'Validation Failed'), title: 'Validation Failed', variant: 'destructive' });
    }
  };

  return (
    <Panel title="CREDITS_AS_REVENUE" className="share-section">
      <p className="muted">
        Fitness Credits are more than points: they act as your stake in platform revenue. Every workout, proof and
        friend you bring grows it.
      </p>
      <div className="share-box">
        <p className="share-box__label">YOUR_REFERRAL_LINK</p>
        <code className="share-box__link" data-testid="referral-link">
          {user.referralLink}
        </code>
        <div className="share-box__actions">
          <a
            className="btn btn--primary"
            href={tweetIntentUrl(user.referralLink)}
            target="_blank"
            rel="noopener noreferrer"
          >
            TWEET_AND_EARN
          </a>
          <button type="button" className="btn btn--secondary" onClick={() => void copyLink()}>
            COPY_REFERRAL_LINK
          </button>
        </div>
        <p className="muted share-box__hint">
          +{TWEET_CREDITS} credits for a post with your link · +{REFERRAL_CREDITS} for each friend who validates their
          first daily proof
        </p>
        {!user.xLinked && (
          <p id={NO_X_ID} className="share-box__hint" role="note">
            Posts earn credits only from your own X account:{' '}
            <Link to="/profile">link your X account on your profile</Link> to validate a post.
          </p>
        )}
        <form className="share-box__form" onSubmit={(event) => void submit(event)} noValidate>
          <label className="sr-only" htmlFor="tweet-url">
            Post URL
          </label>
          <input
            id="tweet-url"
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://x.com/you/status/…"
            value={tweetUrl}
            onChange={(event) => setTweetUrl(event.target.value)}
            disabled={!user.xLinked}
            aria-describedby={user.xLinked ? undefined : NO_X_ID}
          />
          <button
            type="submit"
            className="btn btn--secondary"
            disabled={validating || !user.xLinked}
            aria-describedby={user.xLinked ? undefined : NO_X_ID}
          >
            {validating ? 'PROCESSING...' : 'VALIDATE_TWEET_FOR_CREDITS'}
          </button>
        </form>
      </div>
    </Panel>
  );
}
