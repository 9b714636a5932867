// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const API_DIR = fileURLToPath(new URL('.', import.meta.url));

describe('the API layer', () => {
  // Features build on the api (endpoints, session events); the api importing a feature would tie
  // every feature's code to the one that owns the import, and make cycles easy.
  it('imports no feature', () => {
    const imports = readdirSync(API_DIR)
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .flatMap((name) =>
        [...readFileSync(`${API_DIR}${name}`, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => `${name}: ${m[1]}`),
      );
    expect(imports.filter((line) => line.includes('/features/'))).toEqual([]);
  });
});
