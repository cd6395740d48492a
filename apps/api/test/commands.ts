/**
 * The API's commands as the tests run them: `node <bundle>/<name>.js`, from the run's bundle of
 * src/cli/ and test/fixtures/serve.ts (bundle.ts, made once by global-setup.ts), which starts on
 * half the CPU of the TypeScript through tsx.
 */
import path from 'node:path';
import { inject } from 'vitest';

/** The bundled script of a command (src/cli/<name>.ts, or `serve` for test/fixtures/serve.ts). */
export function commandScript(name: string): string {
  return path.join(inject('commandsBundle'), `${name}.js`);
}
