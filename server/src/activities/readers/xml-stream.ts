import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { ACTIVITY_READ_LIMITS } from '../../contract';
import { ReadDeadline, unreadable } from './read-limits';

/** What a format reader does with the elements it meets; `path` holds local names, root first. */
export interface XmlVisitor {
  open?(path: readonly string[], attributes: Readonly<Record<string, string>>): void;
  /** The text inside the innermost element (white space around it trimmed, empty text skipped). */
  text?(path: readonly string[], text: string): void;
  close?(path: readonly string[]): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams an XML file through saxes into `visitor`, chunk by chunk in constant memory. The parser
 * holds one element, attribute or text run whole, so a run longer than maxXmlTokenBytes (no event
 * for that long) is refused; the deadline is checked between chunks. `what` names the file in messages.
 */
export async function readXml(stream: Readable, visitor: XmlVisitor, what: string, deadline: ReadDeadline): Promise<void> {
  const parser = new SaxesParser({ position: false });
  const path: string[] = [];
  let sawEvent = false;
  let sinceEvent = 0;
  parser.on('opentag', (tag) => {
    sawEvent = true;
    path.push(localName(tag.name));
    visitor.open?.(path, tag.attributes as Record<string, string>);
  });
  parser.on('text', (text) => {
    sawEvent = true;
    const trimmed = text.trim();
    if (trimmed && path.length) visitor.text?.(path, trimmed);
  });
  parser.on('closetag', () => {
    sawEvent = true;
    visitor.close?.(path);
    path.pop();
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
      if (sinceEvent > ACTIVITY_READ_LIMITS.maxXmlTokenBytes) {
        throw unreadable(`This ${what} file holds a single element or text of over ${ACTIVITY_READ_LIMITS.maxXmlTokenBytes / 1024 / 1024} MB: it is not an activity export`);
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
