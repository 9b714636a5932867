// Jest transform: TypeScript's own per-file emit, no type check (tsc does that in the build).
// Unlike SWC, its decorator metadata keeps only real classes, so a zod schema and a type sharing
// one name (the contract's pattern) read as Object and the OpenAPI scan works as in production.
const ts = require('typescript');

module.exports = {
  process(source, fileName) {
    const { outputText, sourceMapText } = ts.transpileModule(source, {
      fileName,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        esModuleInterop: true,
        sourceMap: true,
        inlineSources: true,
      },
    });
    return { code: outputText, map: sourceMapText };
  },
};
