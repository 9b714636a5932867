import http from 'node:http';

import { FakeServer, sendJson, startFake } from './http-fake';

/** One scripted answer of the fake: a completion's content (after `delayMs`), an HTTP error, or no answer at all. */
export type ScriptedAnswer = { content: string; delayMs?: number } | { status: number } | { hang: true };

/** A workout plan as the model answers it: catalogue ids per block, which the server doses (server/src/ai/openai.provider.ts). */
export const PLAN_ANSWER = JSON.stringify({
  name: 'Survivor Strength',
  warmup: ['arm-circles'],
  main: ['push-up', 'bodyweight-squat'],
  cooldown: ['childs-pose'],
  notes: [],
});

export interface FakeOpenAi extends FakeServer {
  /** Answers to give, in order; when empty, `fallback` answers. */
  script: ScriptedAnswer[];
  fallback: ScriptedAnswer;
  /** Called when a completion request arrives (before answering). */
  onRequest?: () => void;
}

/**
 * An OpenAI-compatible server on loopback (POST /v1/chat/completions) the real `openai` SDK talks to.
 * Hanging answers are released when the fake closes.
 */
export async function startFakeOpenAi(fallback: ScriptedAnswer = { content: '{}' }): Promise<FakeOpenAi> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeOpenAi = Object.assign(
    await startFake(async (req, res) => {
      if (req.method !== 'POST' || req.path !== '/v1/chat/completions')
        return sendJson(res, 404, { error: { message: 'not found' } });
      fake.onRequest?.();
      const answer = fake.script.shift() ?? fake.fallback;
      if ('hang' in answer) return void hanging.add(res);
      if ('status' in answer)
        return sendJson(res, answer.status, { error: { message: 'scripted failure', type: 'server_error' } });
      const model = (JSON.parse(req.body) as { model: string }).model;
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      sendJson(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer.content } }],
      });
    }),
    { script: [] as ScriptedAnswer[], fallback },
  );
  const close = fake.close;
  fake.close = async () => {
    hanging.forEach((res) => res.destroy());
    await close();
  };
  return fake;
}
