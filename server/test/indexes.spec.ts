import { getConnectionToken } from '@nestjs/mongoose';
import { Connection } from 'mongoose';
import { TestApp, startTestApp } from './harness';

/** Exactly-once rules are unique indexes: they must all exist before the first write is served. */
describe('the unique indexes of a fresh database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
  });
  afterAll(() => t.close());

  it('are all built by the time the app has started', async () => {
    const connection = t.app.get<Connection>(getConnectionToken());
    const missing: string[] = [];
    for (const model of Object.values(connection.models)) {
      const built = await model.collection.indexes();
      const builtKeys = new Set(built.filter((index) => index.unique).map((index) => JSON.stringify(index.key)));
      for (const [key, options] of model.schema.indexes()) {
        if (options.unique && !builtKeys.has(JSON.stringify(key))) missing.push(`${model.collection.name} ${JSON.stringify(key)}`);
      }
    }
    expect(Object.keys(connection.models).length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
