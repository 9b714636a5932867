import { Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
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
import { CurrentUser, SessionUser, assertSelf } from '../common/auth.guard';
import { Returns, ValidBody } from '../common/validation';
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
  @Returns(RedeemResponse, 200, 409)
  redeem(@CurrentUser() me: SessionUser, @ValidBody(RedeemRequest) body: RedeemRequest): Promise<RedeemResponse> {
    assertSelf(me, body.userId);
    return this.credits.redeem(me.userId, body);
  }

  @Get('redemptions')
  @Returns(RedemptionList)
  redemptions(@CurrentUser() me: SessionUser): Promise<RedemptionView[]> {
    return this.credits.listRedemptions(me.userId);
  }

  @Post('earn')
  @Returns(EarnResponse, 200, 409)
  earn(@CurrentUser() me: SessionUser, @ValidBody(EarnRequest) body: EarnRequest): Promise<EarnResponse> {
    assertSelf(me, body.userId);
    return this.credits.earn(me.userId, body.action);
  }

  @Post('validate-tweet')
  @Returns(ValidateTweetResponse, 200, 409, 503)
  validateTweet(@CurrentUser() me: SessionUser, @ValidBody(ValidateTweetRequest) body: ValidateTweetRequest): Promise<ValidateTweetResponse> {
    assertSelf(me, body.userId);
    return this.tweets.validate(me.userId, body.tweetUrl);
  }

  @Get('pool')
  @Returns(PoolView)
  pool(): Promise<PoolView> {
    return this.credits.pool();
  }
}
