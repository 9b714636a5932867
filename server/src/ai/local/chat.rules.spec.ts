import type { ChatTurn } from '../../contract';
import type { CoachContext } from '../ai.provider';
import { coachTopic, readChatRequest, statedMinutes } from './chat.rules';
import { catalogueExercise } from '../../workouts/catalogue';
import { coachReply } from './coach.rules';

const user = (content: string): ChatTurn => ({ role: 'user', content });

describe('reading a conversation', () => {
  it('takes type, time, difficulty and limits from the user, later statements winning', () => {
    const request = readChatRequest(
      [user('I want some cardio'), { role: 'assistant', content: 'Try yoga!' }, user('Actually HIIT, I only have 20 minutes. My knee hurts and I have no equipment. Legs are sore.')],
      'beginner',
    );
    expect(request).toEqual({ type: 'hiit', difficulty: 'beginner', minutes: 20, equipment: [], limitations: ['knee'], focus: [], soreMuscles: ['legs'] });
  });

  it('reads the minutes stated, within 10 to 90', () => {
    expect(statedMinutes('i have 45 minutes')).toBe(45);
    expect(statedMinutes('about 50 min')).toBe(50);
    expect(statedMinutes('half an hour')).toBe(30);
    expect(statedMinutes('an hour')).toBe(60);
    expect(statedMinutes('5 mins')).toBe(10);
    expect(statedMinutes('a 120 minute session')).toBe(90);
    expect(statedMinutes('tomorrow')).toBeUndefined();
  });

  it('finds nothing to build in small talk', () => {
    expect(readChatRequest([user('hello there'), user('how are you?')], 'intermediate')).toBeNull();
  });

  it('recognises the common questions', () => {
    expect(coachTopic('What should I train today?')).toBe('today');
    expect(coachTopic('How do I lose weight?')).toBe('weight_loss');
    expect(coachTopic("What's the right form for a goblet squat?")).toBe('form');
    expect(coachTopic('How many rest days do I need?')).toBe('rest');
    expect(coachTopic('My legs are so sore')).toBe('soreness');
    expect(coachTopic('Give me a 30 minute yoga workout')).toBe('workout_request');
  });
});

describe('coach replies', () => {
  const context = (message: string, over: Partial<CoachContext> = {}): CoachContext => ({
    message,
    history: [],
    profile: { fitnessLevel: 'beginner', bmi: 31, bmiCategory: 'Obese', age: 40, height: 170, weight: 90 },
    recent: {
      sessionsLast7Days: 2,
      lastSession: { name: 'Strength Builder · 45 min', type: 'strength', intensity: 'intense', completedAt: '2026-01-01T10:00:00Z' },
      recentlyTrained: ['legs', 'glutes', 'cardio'],
    },
    ...over,
  });

  it('uses the BMI category for weight loss and the recent sessions for today', () => {
    expect(coachReply(context('how can I lose weight'))).toMatch(/obese range.*low-impact/);
    const today = coachReply(context('what should I train today?'));
    expect(today).toMatch(/legs, glutes worked hard/);
    expect(today).toMatch(/Strength Builder/);
  });

  it('gives form cues of a named exercise, and is deterministic', () => {
    expect(coachReply(context('form tips for the goblet squat?'))).toMatch(new RegExp(`^Goblet Squat: ${catalogueExercise('goblet-squat')!.cues[0]}\\.`));
    expect(coachReply(context('hi'))).toBe(coachReply(context('hi')));
  });
});
