import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { Returns, ValidParams, ValidQuery } from '../common/validation';
import { TransactionList, TransactionsQuery, TransactionView, UserIdParam } from '../contract';
import { LedgerReadsService } from './ledger-reads.service';

@ApiTags('credits')
@ApiBearerAuth()
@Controller('transactions')
export class TransactionsController {
  constructor(private readonly ledger: LedgerReadsService) {}

  /** The caller's ledger, newest first, paged with `before` (a seq). */
  @Get()
  @Returns(TransactionList)
  mine(
    @CurrentUser() me: SessionUser,
    @ValidQuery(TransactionsQuery) query: TransactionsQuery,
  ): Promise<TransactionView[]> {
    return this.ledger.history(me.userId, query.limit, query.before);
  }

  @Get(':userId')
  @Returns(TransactionList)
  forUser(
    @CurrentUser() me: SessionUser,
    @ValidParams(UserIdParam) params: { userId: string },
    @ValidQuery(TransactionsQuery) query: TransactionsQuery,
  ): Promise<TransactionView[]> {
    assertSelf(me, params.userId);
    return this.ledger.history(me.userId, query.limit, query.before);
  }
}
