import { Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { POSTING } from '../common/route-errors';
import { Returns, ValidBody } from '../common/validation';
import {
  EarnActionList,
  EarnActionState,
  EarnRequest,
  EarnResponse,
  MarketplaceItem,
  MarketplaceList,
  PoolView,
  RedeemRequest,
  RedeemResponse,
  RedemptionList,
  RedemptionView,
  ValidateTweetRequest,
  ValidateTweetResponse,
} from '../contract';
import { CreditsService } from './credits.service';
import { TweetsService } from './tweets.service';

@ApiTags('credits')
@ApiBearerAuth()
@Controller('credits')
export class CreditsController {
  constructor(
    private readonly credits: CreditsService,
    private readonly tweets: TweetsService,
  ) {}

  @Get('marketplace')
  @Returns(MarketplaceList)
  marketplace(): MarketplaceItem[] {
    return this.credits.marketplace();
  }

  @Post('redeem')
  @Returns(
    RedeemResponse,
    200,
    'CREDITS_INVALID_COST',
    'CREDITS_ITEM_UNAVAILABLE',
    'CREDITS_DUPLICATE_REQUEST',
    'LEDGER_INSUFFICIENT_CREDITS',
    ...POSTING,
  )
  redeem(@CurrentUser() me: SessionUser, @ValidBody(RedeemRequest) body: RedeemRequest): Promise<RedeemResponse> {
    assertSelf(me, body.userId);
    return this.credits.redeem(me.userId, body);
  }

  @Get('redemptions')
  @Returns(RedemptionList)
  redemptions(@CurrentUser() me: SessionUser): Promise<RedemptionView[]> {
    return this.credits.listRedemptions(me.userId);
  }

  /** The caller's earning actions: which CLAIM pays now, and what is missing for the others. */
  @Get('earn-actions')
  @Returns(EarnActionList)
  earnActions(@CurrentUser() me: SessionUser): Promise<EarnActionState[]> {
    return this.credits.earnActions(me.userId);
  }

  @Post('earn')
  @Returns(EarnResponse, 200, 'CREDITS_NOT_EARNED_YET', 'CREDITS_ALREADY_EARNED', ...POSTING)
  earn(@CurrentUser() me: SessionUser, @ValidBody(EarnRequest) body: EarnRequest): Promise<EarnResponse> {
    assertSelf(me, body.userId);
    return this.credits.earn(me.userId, body.action);
  }

  @Post('validate-tweet')
  @Returns(
    ValidateTweetResponse,
    200,
    'TWEET_INVALID_URL',
    'TWEET_REFUSED',
    'TWEET_NO_X_ACCOUNT',
    'TWEET_NOT_YOURS',
    'TWEET_DAILY_CAP',
    'CREDITS_ALREADY_EARNED',
    'TWEET_LOOKUP_NOT_CONFIGURED',
    'TWEET_LOOKUP_UNAVAILABLE',
    ...POSTING,
  )
  validateTweet(
    @CurrentUser() me: SessionUser,
    @ValidBody(ValidateTweetRequest) body: ValidateTweetRequest,
  ): Promise<ValidateTweetResponse> {
    assertSelf(me, body.userId);
    return this.tweets.validate(me.userId, body.tweetUrl);
  }

  @Get('pool')
  @Returns(PoolView)
  pool(): Promise<PoolView> {
    return this.credits.pool();
  }
}
