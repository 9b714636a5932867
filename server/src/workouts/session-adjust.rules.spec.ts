import { adjustedShape, readAdjustment } from './session-adjust.rules';

describe('changing today’s session from the chat', () => {
  it.each([
    ['I slept badly, make today easier', { kind: 'easier' }],
    ['can you make my workout harder?', { kind: 'harder' }],
    ['make it shorter, I only have 20 minutes', { kind: 'shorter', minutes: 20 }],
    ["today's session is too hard", { kind: 'easier' }],
    ['this workout is too easy', { kind: 'harder' }],
    ['make today shorter please', { kind: 'shorter' }],
  ])('%s', (message, adjustment) => expect(readAdjustment(message)).toEqual(adjustment));

  it('reads no change from questions in general or from a new session asked for', () => {
    for (const message of [
      'is it easier to lose weight with cardio?',
      'I only have 20 minutes and dumbbells',
      'how do I make push-ups harder?',
      'give me an easy workout',
    ]) {
      expect({ message, adjustment: readAdjustment(message) }).toEqual({ message, adjustment: null });
    }
  });

  it('goes one level down or up, and shorter at the ends of the scale', () => {
    expect(adjustedShape({ difficulty: 'intermediate', minutes: 45 }, { kind: 'easier' })).toEqual({
      difficulty: 'beginner',
      minutes: 45,
    });
    expect(adjustedShape({ difficulty: 'beginner', minutes: 45 }, { kind: 'easier' })).toEqual({
      difficulty: 'beginner',
      minutes: 30,
    });
    expect(adjustedShape({ difficulty: 'beginner', minutes: 15 }, { kind: 'easier' })).toEqual({
      difficulty: 'beginner',
      minutes: 10,
    });
    expect(adjustedShape({ difficulty: 'beginner', minutes: 10 }, { kind: 'shorter' })).toBeNull();
    expect(adjustedShape({ difficulty: 'advanced', minutes: 45 }, { kind: 'harder' })).toBeNull();
    expect(adjustedShape({ difficulty: 'beginner', minutes: 45 }, { kind: 'harder' })).toEqual({
      difficulty: 'intermediate',
      minutes: 45,
    });
    expect(adjustedShape({ difficulty: 'advanced', minutes: 60 }, { kind: 'shorter', minutes: 20 })).toEqual({
      difficulty: 'advanced',
      minutes: 20,
    });
  });

  it('never goes harder than the health screening the session was planned under allows', () => {
    expect(
      adjustedShape({ difficulty: 'intermediate', minutes: 30 }, { kind: 'harder' }, { maxDifficulty: 'intermediate' }),
    ).toBeNull();
    expect(
      adjustedShape({ difficulty: 'beginner', minutes: 30 }, { kind: 'harder' }, { maxDifficulty: 'beginner' }),
    ).toBeNull();
    expect(
      adjustedShape({ difficulty: 'beginner', minutes: 30 }, { kind: 'harder' }, { maxDifficulty: 'intermediate' }),
    ).toEqual({ difficulty: 'intermediate', minutes: 30 });
    expect(
      adjustedShape({ difficulty: 'intermediate', minutes: 30 }, { kind: 'easier' }, { maxDifficulty: 'intermediate' }),
    ).toEqual({ difficulty: 'beginner', minutes: 30 });
  });
});
