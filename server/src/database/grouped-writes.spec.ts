import { GroupedWrites } from './grouped-writes';

/** A write that waits until the test lets it finish, recording each group it was given. */
function heldWrites() {
  const groups: number[][] = [];
  const finish: Array<(err?: Error) => void> = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      groups.push(items);
      finish.push((err) => (err ? reject(err) : resolve()));
    });
  return { groups, finish, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupedWrites', () => {
  it('writes the first item at once and groups those that arrive while it is in flight', async () => {
    const { groups, finish, write } = heldWrites();
    const writes = new GroupedWrites(write);
    const first = writes.add(1);
    const rest = [writes.add(2), writes.add(3), writes.add(4)];
    expect(groups).toEqual([[1]]);
    finish[0]();
    await first;
    await tick();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    finish[1]();
    await Promise.all(rest);
  });

  it('keeps a group to its size and rejects only the callers of a failed write', async () => {
    const { groups, finish, write } = heldWrites();
    const writes = new GroupedWrites(write, 2);
    const outcomes = [1, 2, 3, 4].map((n) =>
      writes.add(n).then(
        () => 'written',
        (err: Error) => err.message,
      ),
    );
    finish[0]();
    await tick();
    finish[1](new Error('database down'));
    await tick();
    finish[2]();
    expect(await Promise.all(outcomes)).toEqual(['written', 'database down', 'database down', 'written']);
    expect(groups).toEqual([[1], [2, 3], [4]]);
  });

  it('rejects only the item a write answers an error for', async () => {
    const writes = new GroupedWrites<number>(
      async (items) => new Map(items.flatMap((n, index) => (n % 2 ? [] : [[index, new Error(`refused ${n}`)]]))),
    );
    const outcomes = [1, 2, 3, 4].map((n) =>
      writes.add(n).then(
        () => 'written',
        (err: Error) => err.message,
      ),
    );
    expect(await Promise.all(outcomes)).toEqual(['written', 'refused 2', 'written', 'refused 4']);
  });
});
