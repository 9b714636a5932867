import 'reflect-metadata';

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

import { Connection, mongo, Schema } from 'mongoose';

import { generator, picks, REPOSITORY_QUERIES } from './repository-queries';

/**
 * The queries the real repositories send, as the driver receives them (after Mongoose's casting),
 * recorded through Mongoose's debug hook while the calls of repository-queries.ts run against a
 * scratch database; and, per repository method, how many kinds of query it sent beside how many
 * query calls its code holds.
 */

const SRC = join(__dirname, '..', '..', 'src');

export interface RecordedQuery {
  collection: string;
  command: string;
  filter: mongo.Document;
  sort?: mongo.Document;
  skip?: number;
  limit?: number;
}

/** A method's query calls in its code: `this.<model>.find(…`, also split over lines, or through `.collection`. */
const QUERY_CALL =
  /\bthis\.\w+(?:\.collection)?\s*\.(?:find|findOne|findById|findOneAndUpdate|findOneAndDelete|updateOne|updateMany|replaceOne|deleteOne|deleteMany|countDocuments|exists|distinct|aggregate|bulkWrite)\(/g;

/** The driver commands that carry a filter, and where it is among their arguments. */
const FILTER_COMMANDS = new Set([
  'find',
  'findOne',
  'findOneAndUpdate',
  'findOneAndDelete',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'countDocuments',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every Mongoose schema the app declares (`XSchema` for the class `X`), by model name. */
export function appSchemas(): Map<string, Schema> {
  const schemas = new Map<string, Schema>();
  for (const file of sourceFiles(SRC).filter((f) => readFileSync(f, 'utf8').includes('SchemaFactory.createForClass'))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file found at run time, loaded synchronously (import() is async)
    for (const [name, value] of Object.entries(require(file) as Record<string, unknown>)) {
      if (value instanceof Schema && name.endsWith('Schema')) schemas.set(name.slice(0, -'Schema'.length), value);
    }
  }
  return schemas;
}

type RepositoryClass = new (...models: unknown[]) => object;

/** Every repository class in the app (`export class …Repository`), by name. */
export function appRepositories(): Map<string, RepositoryClass> {
  const repositories = new Map<string, RepositoryClass>();
  for (const file of sourceFiles(SRC)) {
    const names = [...readFileSync(file, 'utf8').matchAll(/export class (\w+Repository)\b/g)].map((m) => m[1]);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file found at run time, loaded synchronously (import() is async)
    for (const name of names) repositories.set(name, (require(file) as Record<string, RepositoryClass>)[name]);
  }
  return repositories;
}

/** Every repository class's module: the folder of `server/src` its file is in, by class name. */
export function repositoryModules(): Map<string, string> {
  const modules = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/export class (\w+Repository)\b/g))
      modules.set(m[1], relative(SRC, file).split(sep)[0]);
  }
  return modules;
}

/** `Class.method` → its own code's query calls, for each method along the class's prototype chain. */
export function queryCallsByMethod(repositories: Map<string, RepositoryClass>): Map<string, number> {
  const calls = new Map<string, number>();
  for (const [className, repository] of repositories) {
    for (let proto = repository.prototype; proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const method of Object.getOwnPropertyNames(proto)) {
        const fn = Object.getOwnPropertyDescriptor(proto, method)?.value;
        if (method === 'constructor' || typeof fn !== 'function') continue;
        const count = String(fn).match(QUERY_CALL)?.length ?? 0;
        if (count > 0) calls.set(`${className}.${method}`, count);
      }
    }
  }
  return calls;
}

/** A repository built as Nest builds it: each `@InjectModel(name)` parameter gets that model. */
function instantiate(repository: RepositoryClass, connection: Connection): object {
  const injected: Array<{ index: number; param: string }> = Reflect.getMetadata('self:paramtypes', repository) ?? [];
  const args: unknown[] = [];
  for (const { index, param } of injected) {
    const model = connection.models[param.replace(/Model$/, '')];
    if (!model)
      throw new Error(
        `${repository.name}: no schema found for ${param} (server/src/**/*.schema.ts exports XSchema for class X)`,
      );
    args[index] = model;
  }
  return new repository(...args);
}

/** A filter's structure, its values replaced by their types: two queries of one kind share it. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, shapeOf(v)]));
  }
  return value === null ? 'null' : ((value as object)?.constructor?.name ?? typeof value);
}

/** A copy the driver's later changes cannot reach, with BSON types kept (ObjectId, Date). */
const copy = (doc: mongo.Document): mongo.Document => mongo.BSON.deserialize(mongo.BSON.serialize(doc));

function queriesIn(collection: string, command: string, args: unknown[]): RecordedQuery[] {
  if (command === 'bulkWrite') {
    const operations = args[0] as Array<Record<string, { filter?: mongo.Document }>>;
    return operations
      .flatMap((op) => Object.entries(op))
      .flatMap(([name, body]) => (body.filter ? [{ collection, command: name, filter: copy(body.filter) }] : []));
  }
  if (!FILTER_COMMANDS.has(command)) return [];
  const options = ((command === 'find' ||
  command === 'findOne' ||
  command === 'countDocuments' ||
  command.startsWith('delete')
    ? args[1]
    : args[2]) ?? {}) as mongo.Document;
  const limit = command === 'findOne' ? 1 : options.limit;
  return [
    {
      collection,
      command,
      filter: copy((args[0] ?? {}) as mongo.Document),
      sort: options.sort,
      skip: options.skip,
      limit,
    },
  ];
}

/** The fields an update changes (top-level names: `revokedSessions.x` is `revokedSessions`); inserts' values are not counted. */
function fieldsUpdated(command: string, args: unknown[]): string[] {
  const updates =
    command === 'bulkWrite'
      ? (args[0] as Array<Record<string, { update?: mongo.Document }>>).flatMap((op) =>
          Object.values(op).flatMap((body) => (body.update ? [body.update] : [])),
        )
      : ['updateOne', 'updateMany', 'findOneAndUpdate'].includes(command)
        ? [args[1] as mongo.Document]
        : [];
  const fields = updates.flatMap((update) =>
    Object.entries(update ?? {}).flatMap(([key, value]) =>
      key === '$setOnInsert' ? [] : key.startsWith('$') ? Object.keys(value as mongo.Document) : [key],
    ),
  );
  return [...new Set(fields.map((field) => field.split('.')[0]))];
}

export interface Recording {
  queries: RecordedQuery[];
  /** `Class.method` → the kinds of query sent while it ran. */
  kindsBySender: Map<string, Set<string>>;
  /** `collection field` → the repository classes whose updates changed it. */
  writersByField: Map<string, Set<string>>;
}

/**
 * Runs every call of REPOSITORY_QUERIES `rounds` times on `connection` (a scratch database) and
 * records what was sent. Calls run one at a time, so a query belongs to every repository method
 * running when it was sent (a private helper and the public method that called it).
 */
export async function recordRepositoryQueries(
  connection: Connection,
  seed: number,
  rounds: number,
): Promise<Recording> {
  for (const [name, schema] of appSchemas()) if (!connection.models[name]) connection.model(name, schema);
  await Promise.all(Object.values(connection.models).map((model) => model.init()));
  const repositories = appRepositories();
  const running = new Map<string, number>();
  const restore: Array<() => void> = [];
  for (const repository of repositories.values()) {
    for (let proto = repository.prototype; proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const method of Object.getOwnPropertyNames(proto)) {
        const original = Object.getOwnPropertyDescriptor(proto, method)?.value;
        if (
          method === 'constructor' ||
          typeof original !== 'function' ||
          restore.some((r) => r.name === `${proto.constructor.name}.${method}`)
        )
          continue;
        const wrapped = function (this: object, ...args: unknown[]) {
          const key = `${this.constructor.name}.${method}`;
          running.set(key, (running.get(key) ?? 0) + 1);
          const leave = () => running.set(key, running.get(key)! - 1);
          try {
            const result = original.apply(this, args);
            if (result instanceof Promise) return result.finally(leave);
            leave();
            return result;
          } catch (err) {
            leave();
            throw err;
          }
        };
        proto[method] = wrapped;
        restore.push(
          Object.defineProperty(() => (proto[method] = original), 'name', {
            value: `${proto.constructor.name}.${method}`,
          }),
        );
      }
    }
  }

  const recording: Recording = { queries: [], kindsBySender: new Map(), writersByField: new Map() };
  let entry = '';
  connection.set('debug', (collection: string, command: string, ...args: unknown[]) => {
    for (const field of fieldsUpdated(command, args)) {
      const key = `${collection} ${field}`;
      recording.writersByField.set(key, (recording.writersByField.get(key) ?? new Set()).add(entry.split('.')[0]));
    }
    for (const query of queriesIn(collection, command, args)) {
      recording.queries.push(query);
      const kind = `${collection} ${query.command} ${JSON.stringify(shapeOf(query.filter))}`;
      const senders = [entry, ...[...running].filter(([, depth]) => depth > 0).map(([key]) => key)];
      for (const sender of senders)
        recording.kindsBySender.set(sender, (recording.kindsBySender.get(sender) ?? new Set()).add(kind));
    }
  });
  try {
    const v = picks(generator(seed));
    for (let round = 0; round < rounds; round++) {
      for (const { repository, calls } of REPOSITORY_QUERIES) {
        const instance = instantiate(repository as unknown as RepositoryClass, connection);
        for (const [method, call] of Object.entries(calls)) {
          entry = `${repository.name}.${method}`;
          await call(instance as never, v);
        }
      }
    }
  } finally {
    connection.set('debug', false);
    for (const undo of restore) undo();
  }
  return recording;
}
