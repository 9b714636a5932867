import type { ChatTurn } from '../../contract';
import type { ChatDefaults } from '../../contract/job-shapes';
import { readChatRequest, readMessage, statedMinutes } from './chat.rules';

const user = (content: string): ChatTurn => ({ role: 'user', content });
const coach = (content: string): ChatTurn => ({ role: 'assistant', content });
const NO_PROFILE: ChatDefaults = { fitnessLevel: 'beginner', goal: null, equipment: [], limitations: [] };
const read = (...messages: string[]) => readChatRequest(messages.map(user), NO_PROFILE);

describe('minutes said in a message', () => {
  it.each([
    ['I have 20 minutes', 20],
    ['45 min please', 45],
    ['a 25-minute session', 25],
    ['half an hour', 30],
    ['an hour', 60],
    ['an hour and a half', 90],
    ['1.5 hours', 90],
    ['three quarters of an hour', 45],
    ['20-30 minutes', 20],
    ['5 minutes', 10],
    ['two hours', 90],
  ])('%s → %i', (text, minutes) => expect(statedMinutes(text)).toBe(minutes));

  it('reads no time from other numbers', () => {
    expect(statedMinutes('how do I lose 5 kg')).toBeUndefined();
    expect(statedMinutes('tomorrow')).toBeUndefined();
  });
});

describe('what one message states', () => {
  it('reads equipment, cardio machines as one kind, and "no equipment" as bodyweight', () => {
    expect(readMessage('only dumbbells').equipment).toEqual({ items: ['dumbbells'], mode: 'replace' });
    expect(readMessage('I have resistance bands and a pull-up bar').equipment?.items).toEqual(['bands', 'pullup_bar']);
    for (const machine of ['a rower', 'an exercise bike', 'a treadmill'])
      expect(readMessage(`I have ${machine}`).equipment?.items).toEqual(['cardio_machine']);
    expect(readMessage('a kettlebell and a barbell').equipment?.items).toEqual(['kettlebell', 'barbell_rack']);
    expect(readMessage('no equipment').equipment).toEqual({ items: [], mode: 'replace' });
    expect(readMessage("I don't have dumbbells").lacking).toEqual(['dumbbells']);
    expect(readMessage('I also have a kettlebell').equipment).toEqual({ items: ['kettlebell'], mode: 'add' });
  });

  it('reads body parts as a focus, and negated ones as left out', () => {
    expect(readMessage('upper body please').focus).toEqual(['chest', 'back', 'shoulders', 'arms']);
    expect(readMessage('legs').focus).toEqual(['legs', 'glutes']);
    expect(readMessage('core and arms').focus).toEqual(['core', 'arms']);
    expect(readMessage('something for my back').focus).toEqual(['back']);
    expect(readMessage('glutes').focus).toEqual(['glutes']);
    expect(readMessage('full body').focus).toEqual([]);
    const notLegs = readMessage('not legs today');
    expect(notLegs.focus).toBeUndefined();
    expect(notLegs.excluded).toEqual(['legs', 'glutes']);
  });

  it('reads injuries and pain as limitations, muscle soreness as rest, and healing', () => {
    expect(readMessage('I have a bad knee').limitations).toEqual(['knee']);
    expect(readMessage('my lower back hurts').limitations).toEqual(['lower_back']);
    expect(readMessage('shoulder injury').limitations).toEqual(['shoulder']);
    expect(readMessage('sore wrist').limitations).toEqual(['wrist']);
    expect(readMessage('my lower back hurts').focus).toBeUndefined();
    const sore = readMessage('my legs are sore');
    expect(sore.sore).toEqual(['legs', 'glutes']);
    expect(sore.limitations).toEqual([]);
    expect(readMessage('my knee is fine now').healed).toEqual(['knee']);
  });

  it('reads level and type, ignoring negated ones', () => {
    expect(readMessage("I'm new to this").difficulty).toBe('beginner');
    expect(readMessage('beginner').difficulty).toBe('beginner');
    expect(readMessage('I am advanced').difficulty).toBe('advanced');
    expect(readMessage('yoga').type).toBe('yoga');
    expect(readMessage('a hiit session').type).toBe('hiit');
    expect(readMessage('some cardio').type).toBe('cardio');
    expect(readMessage('strength training').type).toBe('strength');
    expect(readMessage('not yoga').type).toBeUndefined();
    expect(readMessage('no jumping please').type).toBeUndefined();
  });
});

describe('the workout a conversation asks for', () => {
  it('carries every constraint: minutes, equipment, focus, level, type', () => {
    expect(read('20 min, dumbbells, upper body, advanced')).toEqual({
      type: 'strength',
      difficulty: 'advanced',
      minutes: 20,
      equipment: ['dumbbells'],
      limitations: [],
      focus: ['chest', 'back', 'shoulders', 'arms'],
      soreMuscles: [],
    });
  });

  it('lets later messages override earlier ones, ignoring the coach’s turns', () => {
    const request = readChatRequest(
      [
        user('I want some cardio for 45 minutes with dumbbells'),
        coach('Try yoga for 60 minutes!'),
        user('Actually HIIT, only 20 minutes, and only resistance bands'),
      ],
      NO_PROFILE,
    );
    expect(request).toMatchObject({ type: 'hiit', minutes: 20, equipment: ['bands'] });
  });

  it('keeps injuries across messages until one is said to have healed, and adds equipment said with "also"', () => {
    const request = read(
      'I have a bad knee and my lower back hurts',
      'I have dumbbells',
      'I also have a kettlebell',
      'my knee is fine now',
    );
    expect(request).toMatchObject({ limitations: ['lower_back'], equipment: ['dumbbells', 'kettlebell'] });
  });

  it('rests sore and excluded muscles, and drops an excluded part from the focus', () => {
    expect(read('legs and arms', 'not legs')).toMatchObject({ focus: ['arms'], soreMuscles: ['legs', 'glutes'] });
    expect(read('my chest is sore, 30 minutes')).toMatchObject({ soreMuscles: ['chest'], minutes: 30 });
  });

  it('falls back on the profile where the chat is silent', () => {
    const profile: ChatDefaults = {
      fitnessLevel: 'intermediate',
      goal: 'mobility',
      equipment: ['bands'],
      limitations: ['wrist'],
    };
    expect(readChatRequest([user('I have 40 minutes')], profile)).toEqual({
      type: 'yoga',
      difficulty: 'intermediate',
      minutes: 40,
      equipment: ['bands'],
      limitations: ['wrist'],
      focus: [],
      soreMuscles: [],
    });
    expect(readChatRequest([user('no equipment today, my wrist is fine now')], profile)).toMatchObject({
      equipment: [],
      limitations: [],
    });
  });

  it('builds the profile’s session for a conversation that asks for one without saying how', () => {
    const profile: ChatDefaults = {
      fitnessLevel: 'advanced',
      goal: 'build_muscle',
      equipment: ['dumbbells'],
      limitations: ['knee'],
    };
    expect(readChatRequest([user('give me a workout')], profile)).toEqual({
      type: 'strength',
      difficulty: 'advanced',
      minutes: 30,
      equipment: ['dumbbells'],
      limitations: ['knee'],
      focus: [],
      soreMuscles: [],
    });
    expect(readChatRequest([user('hello'), coach('Here is a session')], profile)).toBeNull();
  });

  it('assumes no equipment when nothing says what is at hand', () => {
    expect(read('a 30 minute workout')).toMatchObject({ equipment: [], type: 'mixed', minutes: 30 });
  });

  it('finds nothing to build in small talk or a plain question', () => {
    expect(read('hello there', 'how are you?')).toBeNull();
    expect(read('how do I lose 5 kg?')).toBeNull();
  });
});
