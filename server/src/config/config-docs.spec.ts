import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { SETTING_NAMES } from './config';

/**
 * docs/configuration.md is where operators read the settings: its "Server settings" table must name
 * exactly the variables config.ts reads, so a setting added, renamed or removed fails here until the
 * doc says so. Other tables of the page (the scripts' own variables) are not the server's, and ignored.
 */
const DOC = join(__dirname, '..', '..', '..', 'docs', 'configuration.md');

/** The backquoted upper-case names in the first column of the section's table rows. */
function documentedSettings(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/configuration.md has no "## ${heading}" section`);
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const names: string[] = [];
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    if (firstCell) names.push(...[...firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
  }
  return names;
}

describe('docs/configuration.md', () => {
  const documented = documentedSettings(readFileSync(DOC, 'utf8'), 'Server settings');

  it('documents every setting the server reads', () => {
    expect(SETTING_NAMES.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('names no server setting the code does not read, and each once', () => {
    expect(documented.filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });

  it('finds the settings in config.ts (a schema change that hid them would pass the checks above)', () => {
    expect(SETTING_NAMES).toEqual(expect.arrayContaining(['PORT', 'MONGODB_URI', 'JWT_SECRET', 'TEST_CLOCK']));
    expect(SETTING_NAMES.length).toBeGreaterThan(40);
  });
});
