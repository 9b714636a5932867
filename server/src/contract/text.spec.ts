import { z } from 'zod';

import { isSafeText, multilineText, singleLineText } from './text';

const line = singleLineText(z.string());
const lines = multilineText(z.string());

describe('free text', () => {
  it.each([
    ['NUL', '\u0000'],
    ['an escape', '\u001b[2J'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u009b'],
    ['LRE', '\u202a'],
    ['RLO', '\u202e'],
    ['an isolate', '\u2066'],
    ['PDI', '\u2069'],
    ['a lone high surrogate', '\ud83d'],
    ['a lone low surrogate', '\ude00'],
    ['a low then high surrogate', '\ude00\ud83d'],
  ])('refuses %s on one line and over lines', (_, bad) => {
    expect(line.safeParse(`a${bad}b`).success).toBe(false);
    expect(lines.safeParse(`a${bad}b`).success).toBe(false);
    expect(isSafeText(`a${bad}b`)).toBe(false);
  });

  it('keeps any script, emoji (surrogate pairs), joiners and marks', () => {
    for (const ok of ['Run 5 km', 'לרוץ מהר', 'جري', '走る', '🏃‍♀️💪🏽', 'e\u0301', 'a\u200fb', '']) {
      expect(line.safeParse(ok).success).toBe(true);
      expect(isSafeText(ok)).toBe(true);
    }
  });

  it('allows tabs and line breaks only in multi-line text', () => {
    expect(lines.safeParse('one\ntwo\r\n\tthree').success).toBe(true);
    expect(line.safeParse('one\ntwo').success).toBe(false);
    expect(line.safeParse('one\ttwo').success).toBe(false);
  });

  it('says why', () => {
    expect(line.safeParse('\u0000').error?.issues[0].message).toBe(
      'must not contain control characters, text-direction overrides or unpaired surrogates',
    );
  });
});
