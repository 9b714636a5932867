/** Numbers as members write them in a message: "3", "three", "twelve". */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** A regular-expression group matching a one- or two-digit number or a number word. */
export const NUMBER_PATTERN = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;

/** The number a matched word or figure says. */
export function numberSaid(said: string): number {
  return NUMBER_WORDS[said] ?? Number(said);
}
