import { KnownHeads } from './known-heads';

describe('KnownHeads', () => {
  it('answers the head last remembered for a chain, and nothing for an unknown one', () => {
    const heads = new KnownHeads(10);
    heads.remember('a:credits', { seq: 1, balanceAfter: 5 });
    heads.remember('a:credits', { seq: 2, balanceAfter: 8 });
    expect(heads.get('a:credits')).toEqual({ seq: 2, balanceAfter: 8 });
    expect(heads.get('b:credits')).toBeUndefined();
  });

  it('keeps at most its capacity, forgetting the chain used least recently', () => {
    const heads = new KnownHeads(2);
    heads.remember('a', { seq: 1, balanceAfter: 1 });
    heads.remember('b', { seq: 1, balanceAfter: 1 });
    heads.get('a');
    heads.remember('c', { seq: 1, balanceAfter: 1 });
    expect(heads.size).toBe(2);
    expect(heads.get('b')).toBeUndefined();
    expect(heads.get('a')).toBeDefined();
    expect(heads.get('c')).toBeDefined();
  });
});
