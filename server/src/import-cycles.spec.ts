import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

// No module of the server may import itself through others, type-only imports included: a circle
// means two modules own one concern. ESLint's import-x/no-cycle skips type-only imports, so the
// walk is TypeScript's own import scan and module resolution over src/.
const SRC = __dirname;
const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
};

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    // A spec imports modules but nothing imports it: it cannot close a circle.
    return /\.ts$/.test(entry.name) && !/\.(spec|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Each module's imports within src/: `import`, `import type`, `export … from`, `require` and `import()`. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modules(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, OPTIONS, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => !!target && target.startsWith(SRC) && !target.endsWith('.d.ts'));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The graph's circles: its strongly connected components of more than one module, or a module importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(SRC, member));
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('server imports', () => {
  const graph = importGraph();

  it('are walked type-only ones included (on-job.decorator’s `import type` of the registry)', () => {
    expect(graph.get(join(SRC, 'queue/on-job.decorator.ts'))).toContain(join(SRC, 'queue/job-registry.ts'));
  });

  it('form no circle', () => {
    expect(circles(graph)).toEqual([]);
  });
});
