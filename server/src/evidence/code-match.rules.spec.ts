import { codeLines, editsToFind, showsCode } from './code-match.rules';

describe('finding the challenge code in OCR text', () => {
  it('keeps only code characters, one run per line', () => {
    expect(codeLines('ab 7k2 q9x!\n\n  hello O0 I1L\n')).toEqual(['AB7K2Q9X', 'HE']);
  });

  it('counts the edits to find the code anywhere in a line', () => {
    expect(editsToFind('7K2Q9X', 'ZZ7K2Q9XZZ')).toBe(0);
    expect(editsToFind('7K2Q9X', '7K2A9X')).toBe(1); // one misread
    expect(editsToFind('HMR4TZ', 'HMRA4TZ')).toBe(1); // one read too many
    expect(editsToFind('HMR4TZ', 'HMRTZ')).toBe(1); // one dropped
    expect(editsToFind('HMR4TZ', 'HMRATZ8')).toBe(1);
    expect(editsToFind('7K2Q9X', 'K2Q9')).toBe(2);
    expect(editsToFind('7K2Q9X', '')).toBe(6);
  });

  it('accepts the code split by spaces or with one misread, and refuses another day’s code', () => {
    expect(showsCode('Today: 7K2 Q9X', '7K2Q9X')).toBe(true);
    expect(showsCode('HM R4ATZ8\n', 'HMR4TZ')).toBe(true);
    expect(showsCode('7K2Q9X', 'HMR4TZ')).toBe(false);
    expect(showsCode('7K2\nQ9X', '7K2Q9X')).toBe(false); // split over two lines is not one code
    expect(showsCode('', '7K2Q9X')).toBe(false);
  });
});
