import { NUMBER_PATTERN, numberSaid } from './number-words.rules';

describe('numbers as members write them', () => {
  it.each([
    ['3', 3],
    ['12', 12],
    ['three', 3],
    ['twelve', 12],
  ])('%s is %i', (said, value) => {
    expect(new RegExp(`^${NUMBER_PATTERN}$`).test(said)).toBe(true);
    expect(numberSaid(said)).toBe(value);
  });

  it('matches no other word', () => expect(new RegExp(`^${NUMBER_PATTERN}$`).test('several')).toBe(false));
});
