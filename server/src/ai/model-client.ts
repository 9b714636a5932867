import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';

import { AiTimeout, MalformedAiAnswer } from './ai.provider';

export interface OpenAiSettings {
  apiKey: string;
  baseUrl?: string;
  model: string;
  timeoutMs: number;
}

/** The AI module's model client, or null when no OpenAI key is configured (the local rules answer then). */
export const MODEL_CLIENT = Symbol('MODEL_CLIENT');

/**
 * The one client of the OpenAI-compatible server, for every model call (plans, chat, vision,
 * reports). A malformed answer throws MalformedAiAnswer and a slow one AiTimeout; the SDK's own
 * retries are off, since BullMQ owns retrying.
 */
export class ModelClient {
  private readonly client: OpenAI;

  constructor(private readonly settings: OpenAiSettings) {
    this.client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, maxRetries: 0 });
  }

  get model(): string {
    return this.settings.model;
  }

  /** A free-text answer, trimmed; an empty one is malformed. */
  async text(messages: ChatCompletionMessageParam[]): Promise<string> {
    const completion = await this.timed((signal) =>
      this.client.chat.completions.create({ model: this.settings.model, messages }, { signal }),
    );
    const text = completion.choices[0]?.message?.content?.trim();
    if (!text) throw new MalformedAiAnswer('empty reply');
    return text;
  }

  /** One structured completion in OpenAI's strict mode, parsed and checked against `schema`. */
  async json<T>(name: string, schema: z.ZodType<T>, messages: ChatCompletionMessageParam[]): Promise<T> {
    const completion = await this.timed((signal) =>
      this.client.chat.completions.create(
        {
          model: this.settings.model,
          messages,
          // Strict: the model's decoding is held to the schema (every object closed, every property
          // required), as the SDK's converter writes it; the answer is still checked below.
          response_format: zodResponseFormat(schema, name),
        },
        { signal },
      ),
    );
    const content = completion.choices[0]?.message?.content ?? '';
    let raw: unknown;
    try {
      raw = JSON.parse(content);
    } catch {
      throw new MalformedAiAnswer('not JSON');
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success)
      throw new MalformedAiAnswer(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    return parsed.data;
  }

  /**
   * One request cut off after OPENAI_TIMEOUT_MS by our own signal, so a timeout is always an
   * AiTimeout (the SDK's own timeout error depends on how the abort surfaces in the runtime).
   */
  private async timed<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    try {
      return await request(controller.signal);
    } catch (err) {
      if (controller.signal.aborted) throw new AiTimeout(this.settings.timeoutMs);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}
