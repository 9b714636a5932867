import { Module } from '@nestjs/common';

import { APP_CONFIG, AppConfig } from '../config/config';
import { AiJobs } from './ai.jobs';
import { AI_PROVIDER, AiProvider } from './ai.provider';
import { LocalAiProvider } from './local-ai.provider';
import { MODEL_CLIENT, ModelClient } from './model-client';
import { OpenAiProvider } from './openai.provider';

/**
 * The one model client (with an OpenAI key; null without), the AI provider chosen from it
 * (OpenAI-compatible, or the local coach) and the `ai` queue's jobs. Every model call goes
 * through the client: plans and the coach here, report reading (bmi/) and vision checks (proofs/).
 */
@Module({
  providers: [
    {
      provide: MODEL_CLIENT,
      inject: [APP_CONFIG],
      useFactory: ({ openai }: AppConfig): ModelClient | null =>
        openai.apiKey ? new ModelClient({ ...openai, apiKey: openai.apiKey }) : null,
    },
    {
      provide: AI_PROVIDER,
      inject: [MODEL_CLIENT],
      useFactory: (model: ModelClient | null): AiProvider =>
        model ? new OpenAiProvider(model) : new LocalAiProvider(),
    },
    AiJobs,
  ],
  exports: [AiJobs, AI_PROVIDER, MODEL_CLIENT],
})
export class AiModule {}
