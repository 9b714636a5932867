import { readMessage } from './chat.rules';
import { coachTopic } from './coach-topic.rules';

const topic = (message: string) => coachTopic(message, readMessage(message));

describe('what a coach message is about', () => {
  it.each([
    ['I have a bad knee, what can I do for legs?', 'injury'],
    ['it hurts when I run', 'injury'],
    ['my legs are so sore', 'soreness'],
    ['how do I lose 5 kg?', 'weight_loss'],
    ['How do I do a proper squat?', 'exercise'],
    ['what is a goblet squat?', 'exercise'],
    ['How much protein should I eat?', 'nutrition'],
    ['How many rest days do I need?', 'rest'],
    ["I can't stay motivated", 'motivation'],
    ['can I train with a cold?', 'short'],
    ['What should I train today?', 'today'],
    ['I only have 20 minutes and dumbbells', 'plan'],
    ['What is a good leg workout?', 'plan'],
    ['how do I keep good form?', 'form'],
    ['hello', 'greeting'],
    ['what is the meaning of life', 'other'],
  ])('%s → %s', (message, expected) => expect(topic(message)).toBe(expected));

  it('answers a time or equipment question with a session even when it mentions rest or today', () => {
    expect(topic('I have 20 minutes today')).toBe('plan');
    expect(topic('20 minutes with rest between sets')).toBe('plan');
  });
});
