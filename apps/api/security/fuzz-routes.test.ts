/**
 * The second half of the route fuzzing (fuzz-routes.ts; fuzz.test.ts runs the first and says
 * what is fuzzed and why), in a file of its own so that the suite's other worker runs it.
 */
import { fuzzRoutes } from './fuzz-routes.ts';
import { fileWorld } from './support.ts';

fuzzRoutes(2, fileWorld());
