import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Public } from '../common/auth.guard';
import { Returns } from '../common/validation';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ClientConfig } from '../contract';

@ApiTags('system')
@Controller('config')
export class SystemController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Public settings the client reads once at start. */
  @Public()
  @Get()
  @Returns(ClientConfig)
  clientConfig(): ClientConfig {
    return {
      publicUrl: this.config.publicUrl,
      solanaCluster: this.config.solana.cluster,
      solanaRpcUrl: this.config.solana.rpcUrl,
      treasuryAddress: this.config.solana.treasury,
      aiEngine: this.config.openai.apiKey ? this.config.openai.model.toUpperCase() : 'SWEAT_LOCAL_COACH_V1',
      twitterLogin: Boolean(this.config.x.consumerKey && this.config.x.consumerSecret),
    };
  }
}
