/**
 * The second half of the route fuzzing (fuzz-routes.ts; fuzz.test.ts runs the first and says
 * what is fuzzed and why), in a file of its own so that the suite's other worker runs it.
 */
import { afterAll, beforeAll } from 'vitest';
import { fuzzRoutes } from './fuzz-routes.ts';
import { buildWorld, type World } from './support.ts';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});
afterAll(() => world?.ctx.close());

fuzzRoutes(2, () => world);
