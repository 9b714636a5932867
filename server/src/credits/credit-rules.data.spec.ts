import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { EARN_ACTIONS, EARNING_ACTIONS, TWEET_CREDITS, TWEET_DAILY_CAP } from '../contract';
import { CREDIT_RULES, creditRulesTable, EARN_ACTION_RULES } from './credit-rules.data';
import { earnActionState } from './credits.rules';

describe('the credit rules table', () => {
  it('is the table docs/product.md states, row by row', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/product.md'), 'utf8');
    for (const row of creditRulesTable().split('\n')) expect(doc).toContain(row);
  });

  it.each(EARN_ACTIONS)('pays the %s claim into the account its row names, with the amount it states', (action) => {
    const rule = CREDIT_RULES[EARN_ACTION_RULES[action]];
    expect(rule.credits).toBe(`+${EARNING_ACTIONS[action].credits}`);
    expect(earnActionState(action, '2026-11-23', 0, false).pending).toBe(rule.account === 'pending');
  });

  it('states the post rule with the amount and cap tweets.service pays', () => {
    expect(CREDIT_RULES.post.credits).toBe(`+${TWEET_CREDITS}`);
    expect(CREDIT_RULES.post.cap).toMatch(new RegExp(`^${TWEET_DAILY_CAP} post per earning day`));
  });

  it('has one row per movement kind the product has, each with its cap, day and first check', () => {
    const movements = new Set(Object.values(CREDIT_RULES).map((rule) => rule.movement));
    expect([...movements].sort()).toEqual(['earned', 'lost', 'pending', 'spent', 'staked', 'validated', 'won']);
    for (const rule of Object.values(CREDIT_RULES))
      for (const field of [rule.cap, rule.day, rule.checksFirst]) expect(field.length).toBeGreaterThan(3);
  });
});
