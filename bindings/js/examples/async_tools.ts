// Async host functions: every call a gather announces starts at once.
// (Type-checked by `tsc`; the same code in plain JS is examples/quickstart.mjs's style.)
import { Monty, runMontyAsync, MontyLimitError, type Kwargs } from 'monty-wasm';

const code = `
import asyncio
async def main():
    pages = await asyncio.gather(*[fetch(f"https://example.com/{i}", timeout=1) for i in range(10)])
    return sum(len(p) for p in pages)
asyncio.run(main())
`;

export async function main(): Promise<number> {
  const m = new Monty(code, { scriptName: 'agent.py' });
  try {
    const total: number = await runMontyAsync(m, {
      externalFunctions: {
        fetch: async (url: string, kwargs: Kwargs): Promise<string> => {
          await new Promise((resolve) => setTimeout(resolve, 100 * (kwargs.timeout as number)));
          return `<html>${url}</html>`;
        },
      },
      limits: { maxDurationSecs: 5 },
      print: (text, stream) => { if (stream === 'stderr') console.error(text); else console.log(text); },
    });
    return total;
  } catch (err) {
    if (err instanceof MontyLimitError) console.error('stopped:', err.kind);
    throw err;
  }
}
