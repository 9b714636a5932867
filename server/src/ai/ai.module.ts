import { Module } from '@nestjs/common';

import { APP_CONFIG, AppConfig } from '../config/config';
import { AiJobs } from './ai.jobs';
import { AI_PROVIDER, AiProvider } from './ai.provider';
import { LocalAiProvider } from './local-ai.provider';
import { OpenAiProvider } from './openai.provider';

/** The AI provider chosen by config (OpenAI-compatible with a key, the local coach without) and the `ai` queue's jobs. */
@Module({
  providers: [
    {
      provide: AI_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): AiProvider =>
        config.openai.apiKey
          ? new OpenAiProvider({
              apiKey: config.openai.apiKey,
              baseUrl: config.openai.baseUrl,
              model: config.openai.model,
              timeoutMs: config.openai.timeoutMs,
            })
          : new LocalAiProvider(),
    },
    AiJobs,
  ],
  exports: [AiJobs, AI_PROVIDER],
})
export class AiModule {}
