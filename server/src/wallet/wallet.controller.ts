import { Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { CurrentUser, SessionUser } from '../common/auth.guard';
import { JOB_ROUTE, POSTING } from '../common/route-errors';
import { Returns, ValidBody } from '../common/validation';
import { CreditPackage, CreditPackageList, PURCHASE_ERRORS, PurchaseRequest, PurchaseResult } from '../contract';
import { WalletService } from './wallet.service';

@ApiTags('wallet')
@ApiBearerAuth()
@Controller('credits')
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  /** docs/product.md's credit packages (credits, SOL, USD, lamports), for the PURCHASE_CREDITS panel. */
  @Get('packages')
  @Returns(CreditPackageList)
  packages(): readonly CreditPackage[] {
    return this.wallet.packages();
  }

  /**
   * Records a purchase the browser paid on chain: verified against the Solana RPC (400 when it does
   * not pay the package, 409 not confirmed yet or used by another account, 503 RPC unreachable, 504
   * still verifying), then credited once per signature.
   */
  @Post('purchase')
  @Returns(PurchaseResult, 200, ...PURCHASE_ERRORS, ...JOB_ROUTE, ...POSTING)
  purchase(@CurrentUser() me: SessionUser, @ValidBody(PurchaseRequest) body: PurchaseRequest): Promise<PurchaseResult> {
    return this.wallet.purchase(me.userId, body);
  }
}
