// Host objects: a JS object the program gets as an instance; its methods
// call back into the host, and it comes back out as itself.
// (Type-checked by `tsc`.)
import { Monty, MontyHostObject, runMontyAsync, type Kwargs } from 'monty-wasm';

class Database {
  constructor(readonly name: string, private rows: Record<string, string[]>) {}

  query(table: string, kwargs: Kwargs): string[] {
    return (this.rows[table] ?? []).slice(0, kwargs.limit ?? 10);
  }

  async fetch(key: string): Promise<{ db: string; key: string }> {
    return { db: this.name, key };
  }
}

const code = `
import asyncio
rows = db.query("users", limit=1)
async def main():
    return await asyncio.gather(db.fetch("a"), db.fetch("b"))
(rows, asyncio.run(main()), db_name(db))
`;

export async function main(): Promise<unknown> {
  const target = new Database('main', { users: ['ada', 'bob'] });
  const db = new MontyHostObject(target, { methods: ['query', 'fetch'], attrs: ['name'] });
  const m = new Monty(code, { inputs: ['db'] });
  return runMontyAsync(m, {
    inputs: { db },
    externalFunctions: { db_name: (d: Database) => d.name },
  });
}
