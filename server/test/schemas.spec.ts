import { getConnectionToken } from '@nestjs/mongoose';
import { Connection } from 'mongoose';

import { startTestApp, TestApp } from './harness';

describe('the models of a fresh database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
  });
  afterAll(() => t.close());

  // Exactly-once rules are unique indexes: they must all exist before the first write is served.
  it('have every unique index built by the time the app has started', async () => {
    const connection = t.app.get<Connection>(getConnectionToken());
    const missing: string[] = [];
    for (const model of Object.values(connection.models)) {
      const built = await model.collection.indexes();
      const builtKeys = new Set(built.filter((index) => index.unique).map((index) => JSON.stringify(index.key)));
      for (const [key, options] of model.schema.indexes()) {
        if (options.unique && !builtKeys.has(JSON.stringify(key)))
          missing.push(`${model.collection.name} ${JSON.stringify(key)}`);
      }
    }
    expect(Object.keys(connection.models).length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  // `type: Types.ObjectId` makes a Mixed path (the class, not the schema type): stored and queried
  // as given, so a string id matched nothing where an ObjectId was stored.
  it('have no Mixed path: every reference is cast to its schema type', () => {
    const connection = t.app.get<Connection>(getConnectionToken());
    const mixed: string[] = [];
    for (const model of Object.values(connection.models)) {
      model.schema.eachPath((path, type) => {
        if (type.instance === 'Mixed') mixed.push(`${model.modelName}.${path}`);
      });
    }
    expect(mixed).toEqual([]);
  });
});
