import type { z } from 'zod';

/**
 * What free text from a person must not hold: C0 and C1 control characters (NUL, terminal escape
 * sequences), the bidi embeddings, overrides and isolates that make text display in another order
 * than it is stored (U+202A–202E, U+2066–2069), and UTF-16 surrogates standing alone, which are
 * not characters at all. Such text came back in ledger reasons, logs and other people's screens.
 * Written as a character class, so the OpenAPI document carries it as the field's pattern.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const SAFE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff]*$/u;
/** The same, with tabs and line breaks allowed, for text that may run over lines (coach chat). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const SAFE_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff]*$/u;
export const UNSAFE_TEXT_MESSAGE =
  'must not contain control characters, text-direction overrides or unpaired surrogates';

/**
 * The pattern the OpenAPI document states: the same without the surrogate range. A JSON Schema
 * string is a sequence of Unicode characters, which an unpaired surrogate is not, and the regex
 * engines of schema tools (Rust's, which Schemathesis validates with) refuse such a range.
 */
const documentedPattern = (safe: RegExp) => safe.source.replace('\\ud800-\\udfff', '');

/** Free text on one line (titles, names, links): `singleLineText(z.string().trim().max(80))`. */
export const singleLineText = (schema: z.ZodString) =>
  schema.regex(SAFE_LINE, UNSAFE_TEXT_MESSAGE).meta({ pattern: documentedPattern(SAFE_LINE) });
/** Free text that may hold tabs and line breaks (a chat message). */
export const multilineText = (schema: z.ZodString) =>
  schema.regex(SAFE_LINES, UNSAFE_TEXT_MESSAGE).meta({ pattern: documentedPattern(SAFE_LINES) });
/** The same check outside a schema (operator commands): true when `value` is safe on one line. */
export const isSafeText = (value: string): boolean => SAFE_LINE.test(value);
