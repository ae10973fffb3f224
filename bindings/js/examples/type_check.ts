// Check a program against the host's tool stubs before running it, and run
// it in a working directory.
import { Monty, MontyTypingError, type Diagnostic } from 'monty-wasm';

const STUBS = 'def get_weather(city: str, days: int = 1) -> dict[str, float]: ...';

export function demo(code: string): unknown {
  const m = new Monty(code, { scriptName: 'agent.py' });
  try {
    const warnings: Diagnostic[] = m.typeCheck(STUBS);
    for (const w of warnings) console.warn(`${w.filename}:${w.line}:${w.col}: ${w.code}: ${w.message}`);
  } catch (err) {
    if (err instanceof MontyTypingError) {
      // agent.py:1:24: call-arity: get_weather() takes from 1 to 2 positional arguments but 3 were given
      console.error(err.message);
      return err.errors.map((d: Diagnostic) => [d.code, d.line, d.col, d.severity]);
    }
    throw err;
  }
  return m.run({
    externalFunctions: { get_weather: { fn: (city: string) => ({ temp: city.length }), params: ['city', 'days'] } },
    cwd: '/data',
  });
}
