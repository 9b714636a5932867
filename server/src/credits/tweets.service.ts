import { Inject, Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import type { ValidateTweetResponse } from '../contract';
import { TWEET_CREDITS, TWEET_DAILY_CAP } from '../contract';
import { LedgerService } from '../ledger/ledger.service';
import { LedgerReadsService } from '../ledger/ledger-reads.service';
import { referralLink } from '../users/users.rules';
import { UsersService } from '../users/users.service';
import { parseTweetId, tweetContainsLink, tweetDayKey } from './credits.rules';
import { EarningDays } from './earning-days';
import { XApiClient } from './x-api.client';

const REFUSED = "Tweet already validated or doesn't contain referral link";
const TITLE = 'Validation Failed';

/**
 * +50 credits for a post on X by the member's own linked X account that carries their referral
 * link: once per post ever (its canonical id), at most TWEET_DAILY_CAP a day (docs/product.md, Credits).
 */
@Injectable()
export class TweetsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly ledgerReads: LedgerReadsService,
    private readonly users: UsersService,
    private readonly x: XApiClient,
    private readonly days: EarningDays,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async validate(userId: string, tweetUrl: string, now = this.clock.now()): Promise<ValidateTweetResponse> {
    const tweetId = parseTweetId(tweetUrl);
    if (!tweetId) throw new AppError('TWEET_INVALID_URL', 'Please paste a valid Twitter/X URL', 'Invalid Tweet URL');
    const user = await this.users.findById(userId);
    if (!user.twitterId)
      throw new AppError(
        'TWEET_NO_X_ACCOUNT',
        'Only posts by your own X account pay: link your X account on your profile (or sign in with X)',
        TITLE,
      );
    const post = await this.x.tweet(tweetId);
    if (!post || !tweetContainsLink(post, referralLink(this.config.publicUrl, user.username)))
      throw new AppError('TWEET_REFUSED', REFUSED, TITLE);
    if (post.authorId !== user.twitterId)
      throw new AppError('TWEET_NOT_YOURS', 'This post was not made by the X account linked to your profile', TITLE);
    const alreadyPaid = () => new AppError('CREDITS_ALREADY_EARNED', REFUSED, TITLE);
    if (await this.ledgerReads.wasCreditedFor(userId, 'tweet', post.id)) throw alreadyPaid();

    // Each of the day's slots is a keyed posting: concurrent posts cannot pass the cap, and a
    // concurrent retry of this post finds its own slot taken.
    const day = await this.days.dayOf(userId, now);
    for (let slot = 0; slot < TWEET_DAILY_CAP; slot++) {
      const { entry, duplicate } = await this.ledger.post({
        userId,
        amount: TWEET_CREDITS,
        kind: 'tweet',
        reason: 'Shared referral link on X',
        idempotencyKey: tweetDayKey(userId, day.day, slot),
        ref: post.id,
      });
      if (duplicate && entry.ref === post.id) throw alreadyPaid();
      if (duplicate) continue;
      await this.days.paidOn(userId, day);
      return { tweetId: post.id, credits: TWEET_CREDITS, balance: entry.balanceAfter };
    }
    throw new AppError(
      'TWEET_DAILY_CAP',
      `${TWEET_DAILY_CAP === 1 ? 'One post' : `${TWEET_DAILY_CAP} posts`} with your link pays per day: try this one again tomorrow`,
      TITLE,
    );
  }
}
