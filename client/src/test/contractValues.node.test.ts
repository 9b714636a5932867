// @vitest-environment node
/**
 * Values and pure rules both sides use live once, in server/src/contract/values, and the client
 * imports them ('@contract/values'). This suite fails when a client file declares one again: under
 * the same name, as the same distinctive string, as the same list, or as the same number under a
 * related name (a `MESSAGE_MAX = 1000` beside the contract's CHAT_MESSAGE_MAX).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as contract from '@contract';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CLIENT_SRC = fileURLToPath(new URL('..', import.meta.url));
const VALUES_DIR = fileURLToPath(new URL('../../../server/src/contract/values', import.meta.url));

type Primitive = string | number | boolean;
type Value = Primitive | Value[] | { [key: string]: Value } | undefined;

interface Leaf {
  /** Where it sits: `EARNING_ACTIONS.workout.credits`. */
  path: string;
  value: Primitive | Primitive[];
}

const isSchema = (value: unknown) => typeof value === 'object' && value !== null && 'safeParse' in value;

/** The contract's exports that are values rather than schemas: constants and pure rules. */
const sharedExports = Object.entries(contract).filter(([, value]) => !isSchema(value));

/** Every primitive and every list of primitives inside a value, with its path. */
function leavesOf(path: string, value: unknown): Leaf[] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [{ path, value }];
  if (Array.isArray(value)) {
    const items = value.flatMap((item, i) => leavesOf(`${path}[${i}]`, item));
    const primitives = value.every((item) => ['string', 'number', 'boolean'].includes(typeof item));
    return primitives && value.length > 1 ? [{ path, value: value as Primitive[] }, ...items] : items;
  }
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leavesOf(`${path}.${key}`, item));
  return [];
}

const sharedLeaves = sharedExports.flatMap(([name, value]) => leavesOf(name, value));

/** 'x-job-key', 'Complete Workout', 'image/png': a string no client would write by chance (unlike 'workout'). */
const isDistinctive = (text: string) => text.length >= 3 && !/^[a-z][a-z0-9_]*$/.test(text);

/** Lower-case words of a name or path, split at case changes and punctuation: `EARNING_ACTIONS.workout.credits` → earning, actions, workout, credits. */
function wordsOf(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.filter((word) => word.length > 2);
}

/** Words too common in names to say two numbers mean the same thing (`maxNumberOfFiles` and MAX_KG_PER_WEEK). */
const GENERIC_WORDS = new Set(['max', 'min', 'length', 'size', 'count', 'total', 'limit', 'days', 'bytes', 'credits']);
/** Numbers this large are no coincidence (byte sizes): the same value is a copy whatever its name. */
const DISTINCTIVE_NUMBER = 65_536;
/** Attributes of form fields whose number is a limit: it matches a contract limit of the same kind (`maxLength={80}`, GOAL_TITLE_MAX). */
const LIMIT_ATTRIBUTES: Record<string, string> = { max: 'max', maxLength: 'max', min: 'min', minLength: 'min' };
const FORM_FIELDS = new Set(['input', 'textarea']);

/** The contract number a named client number copies, if any. */
function sharedNumber(name: string, value: number, fieldAttribute: boolean): Leaf | undefined {
  const limitKind = fieldAttribute ? LIMIT_ATTRIBUTES[name] : undefined;
  const significant = wordsOf(name).filter((word) => !GENERIC_WORDS.has(word));
  return sharedLeaves.find((leaf) => {
    if (leaf.value !== value) return false;
    if (Math.abs(value) >= DISTINCTIVE_NUMBER) return true;
    const leafWords = wordsOf(leaf.path);
    return limitKind ? leafWords.includes(limitKind) : significant.some((word) => leafWords.includes(word));
  });
}

const sameList = (a: readonly Primitive[], b: readonly Primitive[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

interface Finding {
  file: string;
  line: number;
  text: string;
}

function clientSourceFiles(dir = CLIENT_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(CLIENT_SRC, 'test') ? [] : clientSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The value of a constant expression (literals, lists, objects, arithmetic, the file's own constants); undefined otherwise. */
function evaluate(node: ts.Expression, constants: Map<string, Value>): Value {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return evaluate(node.expression, constants);
  if (ts.isIdentifier(node)) return constants.get(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const operand = evaluate(node.operand, constants);
    return typeof operand === 'number' ? -operand : undefined;
  }
  if (ts.isBinaryExpression(node)) {
    const [left, right] = [evaluate(node.left, constants), evaluate(node.right, constants)];
    if (typeof left !== 'number' || typeof right !== 'number') return undefined;
    if (node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) return left * right;
    if (node.operatorToken.kind === ts.SyntaxKind.PlusToken) return left + right;
    if (node.operatorToken.kind === ts.SyntaxKind.MinusToken) return left - right;
    if (node.operatorToken.kind === ts.SyntaxKind.SlashToken) return left / right;
    return undefined;
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((element) => evaluate(element, constants));
  return undefined;
}

/** The name a value is given where it is written: a constant, an object key, a JSX attribute (of a form field or not). */
function nameAt(node: ts.Node): { name: string; fieldAttribute: boolean } | undefined {
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name))
    return { name: parent.name.text, fieldAttribute: false };
  if (
    ts.isPropertyAssignment(parent) &&
    parent.initializer === node &&
    (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))
  ) {
    const owner = nameAt(parent.parent)?.name;
    return { name: owner ? `${owner}.${parent.name.text}` : parent.name.text, fieldAttribute: false };
  }
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) {
    const element = parent.parent.parent.parent;
    return { name: parent.parent.name.getText(), fieldAttribute: FORM_FIELDS.has(element.tagName.getText()) };
  }
  return undefined;
}

/** Where a client file declares again a value the contract exports. */
function copiesIn(file: string): Finding[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) =>
    findings.push({
      file: relative(CLIENT_SRC, file),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text,
    });
  const exportNames = new Set(sharedExports.map(([name]) => name));
  // The file's own constants, in order, so `10 * MEGABYTE` evaluates.
  const constants = new Map<string, Value>();

  const visit = (node: ts.Node) => {
    if (
      (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    ) {
      if (exportNames.has(node.name.text)) report(node, `declares ${node.name.text}, which the contract exports`);
      if (ts.isVariableDeclaration(node) && node.initializer)
        constants.set(node.name.text, evaluate(node.initializer, constants));
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      !ts.isImportDeclaration(node.parent) &&
      isDistinctive(node.text)
    ) {
      const shared = sharedLeaves.find((leaf) => leaf.value === node.text);
      if (shared) report(node, `writes '${node.text}', which is ${shared.path}`);
    }
    const named = ts.isExpression(node) ? nameAt(node) : undefined;
    if (named && ts.isExpression(node)) {
      const value = evaluate(node, constants);
      const shared =
        typeof value === 'number'
          ? sharedNumber(named.name, value, named.fieldAttribute)
          : Array.isArray(value) &&
              value.length > 1 &&
              value.every((item) => item !== undefined && typeof item !== 'object')
            ? sharedLeaves.find((leaf) => Array.isArray(leaf.value) && sameList(leaf.value, value as Primitive[]))
            : undefined;
      if (shared) report(node, `${named.name} = ${JSON.stringify(value)}, which is ${shared.path}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  // A value import from '@contract' would put zod and every schema in the bundle.
  for (const statement of source.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      (statement.moduleSpecifier as ts.StringLiteral).text === '@contract' &&
      !statement.importClause?.isTypeOnly
    ) {
      report(statement, "imports values from '@contract': use `import type`, and '@contract/values' for values");
    }
  }
  return findings;
}

describe('values shared with the server', () => {
  it('are not declared again in the client', () => {
    const findings = clientSourceFiles().flatMap(copiesIn);
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('live in a folder the client can bundle: no zod, nothing from outside it', () => {
    const outside = readdirSync(VALUES_DIR).flatMap((name) =>
      [...readFileSync(join(VALUES_DIR, name), 'utf8').matchAll(/from '([^']+)'/g)]
        .map((m) => m[1])
        .filter((from) => !from.startsWith('./'))
        .map((from) => `${name}: ${from}`),
    );
    expect(outside).toEqual([]);
  });
});
