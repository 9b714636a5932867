import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import type { ValidateTweetResponse } from '../contract';
import { AppError } from '../common/errors';
import { LedgerService } from '../ledger/ledger.service';
import { UsersService } from '../users/users.service';
import { referralLink } from '../users/users.rules';
import { TWEET_CREDITS } from '../contract';
import { parseTweetId, tweetContainsLink } from './credits.rules';
import { XApiClient } from './x-api.client';

const REFUSED = "Tweet already validated or doesn't contain referral link";
const TITLE = 'Validation Failed';

/** +50 credits, once per post ever, for a post on X that carries the user's own referral link. */
@Injectable()
export class TweetsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly x: XApiClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async validate(userId: string, tweetUrl: string): Promise<ValidateTweetResponse> {
    const tweetId = parseTweetId(tweetUrl);
    if (!tweetId) throw new AppError('TWEET_INVALID_URL', 'Please paste a valid Twitter/X URL', 'Invalid Tweet URL');
    const user = await this.users.findById(userId);
    const tweet = await this.x.tweet(tweetId);
    if (!tweet || !tweetContainsLink(tweet, referralLink(this.config.publicUrl, user.username))) throw new AppError('TWEET_REFUSED', REFUSED, TITLE);

    // Once per post ever, whoever sends it: a replay finds the existing `tweet:<id>` entry.
    const { entry, duplicate } = await this.ledger.post({
      userId,
      amount: TWEET_CREDITS,
      kind: 'tweet',
      reason: 'Shared referral link on X',
      idempotencyKey: `tweet:${tweetId}`,
      ref: tweetId,
    });
    if (duplicate) throw new AppError('CREDITS_ALREADY_EARNED', REFUSED, TITLE);
    return { tweetId, credits: TWEET_CREDITS, balance: entry.balanceAfter };
  }
}
