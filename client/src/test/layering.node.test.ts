// @vitest-environment node
/**
 * The layering rules live in eslint.config.mjs (no-restricted-imports), which `npm test` runs over
 * the tree; this suite proves each one refuses a violation. The fixtures are linted as if they were
 * the named file, without type information (these rules need none, and building it takes a minute).
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layering rules', () => {
  // Features build on the api (endpoints, session events); the api importing a feature would tie
  // every feature's code to the one that owns the import, and make cycles easy.
  it('refuse a feature imported or re-exported by the API layer, at any depth', async () => {
    expect(
      await restrictions(
        'client/src/api/api.ts',
        "import { x } from '../features/auth/authSlice';\nexport const used = x;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*client\/src\/api must not import a feature/)]);
    expect(
      await restrictions('client/src/api/nested/more.ts', "export { x } from '../../features/auth/session';\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*client\/src\/api must not import a feature/)]);
    expect(
      await restrictions('client/src/api/api.ts', "import { x } from './tokenStorage';\nexport const used = x;\n"),
    ).toEqual([]);
  });

  it("still refuse a package's build output in the API layer", async () => {
    expect(
      await restrictions('client/src/api/api.ts', "import { x } from 'some-package/dist/x';\nexport const used = x;\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*public API/)]);
  });

  it("let the client's bundle take only types from '@contract'", async () => {
    expect(
      await restrictions(
        'client/src/features/x/X.ts',
        "import { UserView } from '@contract';\nexport const used = UserView;\n",
      ),
    ).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*'@contract\/values'/)]);
    expect(
      await restrictions(
        'client/src/features/x/X.ts',
        "import type { UserView } from '@contract';\nexport type V = UserView;\n",
      ),
    ).toEqual([]);
    // Inline type qualifiers only would leave `import '@contract'` in the bundle.
    expect(
      await restrictions(
        'client/src/features/x/X.ts',
        "import { type UserView } from '@contract';\nexport type V = UserView;\n",
      ),
    ).toEqual([expect.stringMatching(/^@typescript-eslint\/no-import-type-side-effects: /)]);
  });

  it("keep the contract's shared values free of imports from outside their folder", async () => {
    expect(
      await restrictions('server/src/contract/values/x.ts', "import { z } from 'zod';\nexport const used = z;\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*contract\/values imports only its own files/)]);
    expect(
      await restrictions('server/src/contract/values/x.ts', "import { y } from './y';\nexport const used = y;\n"),
    ).toEqual([]);
  });
});
