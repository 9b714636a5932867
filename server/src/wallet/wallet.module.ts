import { Module } from '@nestjs/common';

import { LedgerModule } from '../ledger/ledger.module';
import { UsersModule } from '../users/users.module';
import { WalletController } from './wallet.controller';
import { WalletService } from './wallet.service';

@Module({
  imports: [LedgerModule, UsersModule],
  controllers: [WalletController],
  providers: [WalletService],
})
export class WalletModule {}
