import type { Readable } from 'node:stream';

import { SaxesParser } from 'saxes';

import { ACTIVITY_READ_LIMITS } from '../../contract';
import { ReadDeadline, unreadable } from './read-limits';

/** Whether an element of this local name is open around the current event: O(1), whatever the depth. */
export type Inside = (name: string) => boolean;

/** What a format reader does with the elements it meets; `path` holds local names, root first. */
export interface XmlVisitor {
  open?(path: readonly string[], attributes: Readonly<Record<string, string>>, inside: Inside): void;
  /** The text inside the innermost element (white space around it trimmed, empty text skipped). */
  text?(path: readonly string[], text: string, inside: Inside): void;
  close?(path: readonly string[]): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const { maxXmlDepth, deadlineEveryEvents, maxXmlTokenBytes } = ACTIVITY_READ_LIMITS;

/**
 * Streams an XML file through saxes into `visitor`, chunk by chunk in constant memory. The parser
 * holds one element, attribute or text run whole, so a run longer than maxXmlTokenBytes (no event
 * for that long) is refused, as is nesting deeper than maxXmlDepth. One chunk can hold hundreds of
 * thousands of events parsed synchronously, so the clock is read every deadlineEveryEvents events,
 * not only between chunks. Entities: saxes expands only XML's five and character references, never
 * a DTD's own or an external one, so entity tricks end as "not well-formed". `what` names the file in messages.
 */
export async function readXml(
  stream: Readable,
  visitor: XmlVisitor,
  what: string,
  deadline: ReadDeadline,
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  const path: string[] = [];
  // How many elements of each name are open: the ancestor test without walking the path.
  const openByName = new Map<string, number>();
  const inside: Inside = (name) => (openByName.get(name) ?? 0) > 0;
  // Cleared before each write; the parser's callbacks set it while the write runs.
  let sawEvent: boolean;
  let sinceEvent = 0;
  let events = 0;
  const onEvent = () => {
    sawEvent = true;
    if (++events % deadlineEveryEvents === 0) deadline.checkClock();
  };
  parser.on('opentag', (tag) => {
    onEvent();
    if (path.length >= maxXmlDepth)
      throw unreadable(`This ${what} file nests elements more than ${maxXmlDepth} deep: it is not an activity export`);
    const name = localName(tag.name);
    path.push(name);
    openByName.set(name, (openByName.get(name) ?? 0) + 1);
    visitor.open?.(path, tag.attributes as Record<string, string>, inside);
  });
  parser.on('text', (text) => {
    onEvent();
    const trimmed = text.trim();
    if (trimmed && path.length) visitor.text?.(path, trimmed, inside);
  });
  parser.on('closetag', () => {
    onEvent();
    visitor.close?.(path);
    const name = path.pop()!;
    openByName.set(name, openByName.get(name)! - 1);
  });
  parser.on('error', (err) => {
    throw unreadable(`This ${what} file is not well-formed XML (${err.message.replace(/^undefined:/, '')})`);
  });

  stream.setEncoding('utf8');
  let first = true;
  try {
    for await (const chunk of deadline.watch(stream)) {
      deadline.check();
      // A byte-order mark or a blank line before the declaration is tolerated.
      const text = first ? (chunk as string).replace(/^\uFEFF/, '').trimStart() : (chunk as string);
      if (!text) continue;
      first = false;
      sawEvent = false;
      parser.write(text);
      sinceEvent = sawEvent ? 0 : sinceEvent + text.length;
      if (sinceEvent > maxXmlTokenBytes) {
        throw unreadable(
          `This ${what} file holds a single element or text of over ${maxXmlTokenBytes / 1024 / 1024} MB: it is not an activity export`,
        );
      }
    }
    if (first) throw unreadable(`This ${what} file is empty`);
    parser.close();
  } catch (err) {
    stream.destroy();
    throw deadline.explain(err);
  }
}

/** True when `path` ends with these names (`endsWith(path, 'Trackpoint', 'Time')`). */
export function endsWith(path: readonly string[], ...names: string[]): boolean {
  if (path.length < names.length) return false;
  return names.every((name, i) => path[path.length - names.length + i] === name);
}

/** A name, type or device as kept from a file: cut to maxTextChars, so no file makes the reading large. */
export function xmlText(text: string): string;
export function xmlText(text: string | undefined): string | null;
export function xmlText(text: string | undefined): string | null {
  return text === undefined ? null : text.slice(0, ACTIVITY_READ_LIMITS.maxTextChars);
}

/** A finite number from XML text, or null. */
export function xmlNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** An xsd:dateTime as epoch ms; a sample time that is not one makes the file unreadable. */
export function xmlTime(text: string | undefined): number {
  const ms = Date.parse(text ?? '');
  if (!Number.isFinite(ms)) throw unreadable(`"${(text ?? '').slice(0, 40)}" is not a date and time`);
  return ms;
}
