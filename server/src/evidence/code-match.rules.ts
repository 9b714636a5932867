import { CHALLENGE_ALPHABET, CODE_MAX_EDITS } from '../contract';

/**
 * Finding the day's challenge code in OCR text. The reader is restricted to the code's alphabet,
 * so the text holds only those characters and spaces; a code written on paper may be read split
 * ("7K2 Q9X") or with a character too many or too few, never with a letter the alphabet lacks.
 */

/** OCR text as one run of code characters per line: upper case, spaces and anything else dropped. */
export function codeLines(text: string): string[] {
  const allowed = new RegExp(`[^${CHALLENGE_ALPHABET}]`, 'g');
  return text
    .toUpperCase()
    .split(/\n+/)
    .map((line) => line.replace(allowed, ''))
    .filter((line) => line.length > 0);
}

/**
 * The fewest edits (a character changed, added or dropped) that turn `code` into some stretch of
 * `line`: Levenshtein distance where the stretch may start and end anywhere in the line.
 */
export function editsToFind(code: string, line: string): number {
  // previous[j]: edits to match code[0..i) ending at line[0..j); row 0 is free (any start).
  let previous = new Array<number>(line.length + 1).fill(0);
  for (let i = 1; i <= code.length; i++) {
    const current = [i];
    for (let j = 1; j <= line.length; j++) {
      const substitution = previous[j - 1] + (code[i - 1] === line[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j] + 1, current[j - 1] + 1));
    }
    previous = current;
  }
  return Math.min(...previous);
}

/** Whether the OCR text shows `code` within CODE_MAX_EDITS on one line. */
export function showsCode(text: string, code: string): boolean {
  return codeLines(text).some((line) => editsToFind(code, line) <= CODE_MAX_EDITS);
}
