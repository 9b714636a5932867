import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { User, UserSchema } from '../users/user.schema';
import { BalanceCachesRepository } from './balance-caches.repository';
import { LedgerService } from './ledger.service';
import { LedgerEntriesRepository } from './ledger-entries.repository';
import { LedgerEntry, LedgerEntrySchema } from './ledger-entry.schema';
import { LedgerHead, LedgerHeadSchema } from './ledger-head.schema';
import { LedgerHeadsRepository } from './ledger-heads.repository';
import { LedgerReadsService } from './ledger-reads.service';
import { TransactionsController } from './transactions.controller';

@Module({
  imports: [
    // The user document's balance caches are the ledger's to write (balance-caches.repository.ts).
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: LedgerEntry.name, schema: LedgerEntrySchema },
      { name: LedgerHead.name, schema: LedgerHeadSchema },
    ]),
  ],
  controllers: [TransactionsController],
  providers: [
    LedgerService,
    LedgerReadsService,
    LedgerEntriesRepository,
    LedgerHeadsRepository,
    BalanceCachesRepository,
  ],
  exports: [LedgerService, LedgerReadsService, LedgerEntriesRepository],
})
export class LedgerModule implements OnApplicationBootstrap {
  constructor(private readonly ledger: LedgerService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ledger.ensurePool();
  }
}
