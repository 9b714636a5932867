import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users/users.module';
import { LedgerEntriesRepository } from './ledger-entries.repository';
import { LedgerEntry, LedgerEntrySchema } from './ledger-entry.schema';
import { LedgerService } from './ledger.service';
import { TransactionsController } from './transactions.controller';

@Module({
  imports: [UsersModule, MongooseModule.forFeature([{ name: LedgerEntry.name, schema: LedgerEntrySchema }])],
  controllers: [TransactionsController],
  providers: [LedgerService, LedgerEntriesRepository],
  exports: [LedgerService, LedgerEntriesRepository],
})
export class LedgerModule implements OnApplicationBootstrap {
  constructor(private readonly ledger: LedgerService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ledger.ensurePool();
  }
}
