/**
 * Reading the app's own OpenAPI document (/api/docs-json) so suites that walk every route cover
 * routes added later without being edited, plus a small generator of minimal valid request values
 * from the documented JSON schemas.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  description?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** The documented path, e.g. `/api/transactions/{userId}`. */
  path: string;
  /** `GET /api/transactions/{userId}`: how allow-lists and failures name an operation. */
  id: string;
  parameters: Parameter[];
  /** The JSON request body's schema, when the operation takes one. */
  jsonBody?: JsonSchema;
  /** True when the operation takes a body that is not JSON (a file upload). */
  rawBody: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operations(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const jsonBody = content['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        id: `${method.toUpperCase()} ${path}`,
        parameters: op.parameters ?? [],
        jsonBody,
        rawBody: !jsonBody && Object.keys(content).length > 0,
      });
    }
  }
  return ops;
}

/** A day a month ahead: date fields such as a goal's deadline must lie in the future. */
const FUTURE_DAY = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** Values the contract's patterns accept (ids, Solana addresses and signatures, days, nonces); the first that matches is used. */
const PATTERN_CANDIDATES = [
  '0123456789abcdef01234567',
  '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  FUTURE_DAY,
  '0123456789abcdef0123456789abcdef',
  '123e4567-e89b-42d3-a456-426614174000',
  '5'.repeat(88),
];

function sampleString(schema: JsonSchema): string {
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const match = PATTERN_CANDIDATES.find((value) => pattern.test(value));
    if (match) return match;
  }
  switch (schema.format) {
    case 'uuid':
      return '123e4567-e89b-42d3-a456-426614174000';
    case 'date-time':
      return new Date().toISOString();
    case 'date':
      return FUTURE_DAY;
    case 'uri':
    case 'url':
      return 'https://example.com/x';
    case 'email':
      return 'someone@example.com';
  }
  const min = schema.minLength ?? 1;
  return 'a'.repeat(Math.max(min, Math.min(schema.maxLength ?? 4, 4)));
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  // OpenAPI 3.0 writes "> 0" as minimum: 0 with exclusiveMinimum: true; 3.1 as exclusiveMinimum: 0.
  const exclusive =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum
      : schema.exclusiveMinimum && schema.minimum !== undefined
        ? schema.minimum
        : undefined;
  const min = exclusive !== undefined ? exclusive + 1 : schema.minimum;
  const value = min ?? (schema.maximum !== undefined ? Math.min(1, schema.maximum) : 1);
  return integer ? Math.ceil(value) : value;
}

/** A minimal value that satisfies `schema` as far as a generator without a regex engine can: required fields only. */
export function sample(schema: JsonSchema | undefined, overrides: Record<string, unknown> = {}): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined && !schema.properties) return schema.default;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice && schema.properties) {
    // An object whose fields go together (an item with its own cost): its fields, as the first alternative narrows them.
    const { anyOf: _anyOf, oneOf: _oneOf, ...own } = schema;
    const required = [...new Set([...(own.required ?? []), ...(choice.required ?? [])])];
    return sample({ ...own, properties: { ...own.properties, ...choice.properties }, required }, overrides);
  }
  if (choice) return sample(choice, overrides);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sample(s, overrides)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? [])
        out[name] = name in overrides ? overrides[name] : sample(schema.properties?.[name], overrides);
      for (const name of Object.keys(overrides))
        if (schema.properties?.[name] && !(name in out)) out[name] = overrides[name];
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, overrides));
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    default:
      return schema.properties ? sample({ ...schema, type: 'object' }, overrides) : 'a';
  }
}

/** Paths (as key lists) of every string-typed property in an object schema, nested objects included. */
export function stringFields(schema: JsonSchema | undefined, prefix: string[] = []): string[][] {
  if (!schema?.properties) return [];
  const out: string[][] = [];
  for (const [name, prop] of Object.entries(schema.properties)) {
    const type = Array.isArray(prop.type) ? prop.type : [prop.type];
    if (type.includes('string') || prop.anyOf?.some((s) => s.type === 'string')) out.push([...prefix, name]);
    if (prop.properties) out.push(...stringFields(prop, [...prefix, name]));
  }
  return out;
}

/** The schema of the property at `path` (as `stringFields` names it), if there is one. */
export function fieldSchema(schema: JsonSchema | undefined, path: string[]): JsonSchema | undefined {
  return path.reduce<JsonSchema | undefined>((node, key) => node?.properties?.[key], schema);
}

/** A deep copy of `value` with the field at `path` set to `replacement` (created when missing). */
export function withField(value: unknown, path: string[], replacement: unknown): Record<string, unknown> {
  const copy = structuredClone((value ?? {}) as Record<string, unknown>);
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = replacement;
  return copy;
}

/** The concrete URL of an operation with each path parameter replaced by `values[name]` (or a valid-looking sample). */
export function concretePath(op: Operation, values: Record<string, string> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(values[name] ?? String(sample(param?.schema ?? { type: 'string' })));
  });
}
