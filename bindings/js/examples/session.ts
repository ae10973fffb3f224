// A session: the first cell fetches, later cells use what it left; dump()
// between cells, MontySession.load() to go on elsewhere.
import { montySession, MontySession, MontyRuntimeError } from 'monty-wasm';

export async function demo(): Promise<string[]> {
  const session = await montySession({
    externalFunctions: { fetch_user: async (id: number) => ({ id, name: `user${id}` }) },
    print: (text) => console.log(text.trimEnd()),
  });
  await session.feed('users = [await fetch_user(i) for i in range(3)]', { filename: 'cell1.py' });
  try {
    await session.feed('users[7]', { filename: 'cell2.py' });
  } catch (err) {
    if (!(err instanceof MontyRuntimeError)) throw err;
    console.log(err.type); // IndexError: the session goes on
  }
  const saved: Uint8Array = session.dump();
  session.close();

  const again = MontySession.load(saved);
  const names: string[] = await again.feed('[u["name"] for u in users]');
  again.close();
  return names;
}
