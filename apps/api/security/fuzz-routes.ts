/**
 * The route fuzzing of the security suite (fuzz.test.ts has the whole story): the values drawn
 * from inside and outside each route's schema, the requests made of them, and the run itself,
 * `fuzzRoutes`. The routes are fuzzed in two parts, one per test file (fuzz.test.ts and
 * fuzz-routes.test.ts), so the suite's two workers share the 10,000 cases instead of one worker
 * running them all while the other waits (76 s of its 117 s, CI 2026-11-27). Each route gets
 * the same cases, from the same seed, as when one file ran them all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Caller,
  changedTables,
  fingerprint,
  headersFor,
  type JsonSchema,
  type Operation,
  operations,
  pathWithIds,
  type World,
  walPosition,
} from './support.ts';

export const SEED = Number(process.env.FUZZ_SEED ?? 15);
export const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

/**
 * Routes left out here, and why: the import takes only a multipart file (uploads have their
 * own tests); signing out revokes the caller's tokens and has no input to fuzz.
 */
const SKIP = new Set(['POST /api/products/import', 'POST /api/auth/logout']);
/** Routes that hash or check passwords (argon2, tens of ms each) or render an e-mail: fewer runs. */
const SLOW = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/adminlogin',
  'POST /api/auth/reset',
  'POST /api/auth/password',
  // Renders the e-mail as it reads.
  'GET /api/messages/{id}',
]);

// ── Values from outside the schema ──────────────────────────────────────────────────────

/** A value that is big when sent but short when fast-check prints a counterexample. */
class Big {
  constructor(
    readonly label: string,
    readonly make: () => unknown,
  ) {}
  toJSON() {
    return this.make();
  }
  toString() {
    return String(this.make());
  }
  [fc.toStringMethod]() {
    return this.label;
  }
}

/** JSON's 1e999 parses as Infinity: a value JSON.stringify cannot write, patched in as text. */
const INFINITY = '@@1e999@@';
const NEG_INFINITY = '@@-1e999@@';

const HUGE_STRINGS = [
  new Big('"a" × 100,000', () => 'a'.repeat(100_000)),
  new Big('"𝕏" × 50,000', () => '𝕏'.repeat(50_000)),
  new Big('"\'; --" × 20,000', () => "'; --".repeat(20_000)),
];
const HUGE_ARRAYS = [
  new Big('[1 × 10,000]', () => Array.from({ length: 10_000 }, () => 1)),
  new Big('["x" × 10,000]', () => Array.from({ length: 10_000 }, () => 'x')),
  new Big('[{} × 10,000]', () => Array.from({ length: 10_000 }, () => ({}))),
];
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  'zero\u200Bwidth\u200D\uFEFF',
  'שלום عربى',
  "' OR 1=1 --",
  "'; DROP TABLE orders; --",
  '1; select pg_sleep(10)',
  '%',
  '_',
  '\\',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as typed.
  '${7*7}',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '0x10',
  '99999999999999999999',
  'null',
  'undefined',
  '[object Object]',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
const NASTY_NUMBERS = [
  -1,
  -0.01,
  0,
  0.001,
  0.005,
  1.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  1e15,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  INFINITY,
  NEG_INFINITY,
];
/** Objects with real `__proto__`, `constructor` and `prototype` keys (JSON.parse makes them own keys). */
const PROTO_OBJECTS = [
  '{"__proto__":{"role":"admin","isAdmin":true}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"prototype":{"role":"admin"},"__proto__":null}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":"y"}',
].map((text) => JSON.parse(text) as object);

/** Strings of ordinary length that are trouble inside: they go where a valid string goes. */
const ODD_TEXT = [
  'Ada\u0000Eze',
  '\u0000',
  'x\uD800y',
  'Zainab \u202Eeerf\u202C',
  'Ngozi\u200B\u200D\uFEFF',
  "O'Brien; DROP TABLE orders; --",
  '<script>alert(1)</script>',
  '%_\\',
];
const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }));
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS), weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, {}, [], [null], [[]]), weight: 2 },
  { arbitrary: fc.constantFrom<unknown>(...HUGE_STRINGS, ...HUGE_ARRAYS), weight: 1 },
  { arbitrary: fc.constantFrom<unknown>(...PROTO_OBJECTS), weight: 1 },
);

// ── Values from the schema ──────────────────────────────────────────────────────────────

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

function stringFor(schema: JsonSchema, real: string[]): fc.Arbitrary<string> {
  const choices: fc.Arbitrary<string>[] = [fc.constantFrom(...real)];
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.format === 'email') choices.push(fc.emailAddress());
  if (schema.format === 'uuid') choices.push(fc.uuid());
  if (schema.format === 'date-time') choices.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  if (schema.pattern && schema.format !== 'email') {
    try {
      choices.push(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000)));
    } catch {
      // A pattern fast-check cannot generate from: the other choices remain.
    }
  }
  choices.push(fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) }));
  // Text that fits the length but not the database or the page: NUL, lone surrogates, RTL, markup.
  const odd = ODD_TEXT.filter((t) => t.length >= (schema.minLength ?? 0) && t.length <= (schema.maxLength ?? 1000));
  if (odd.length > 0 && !schema.pattern && !schema.format) choices.push(fc.constantFrom(...odd));
  return fc.oneof(...choices);
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 10_000_000;
  const edges = fc.constantFrom(min, max, 0, 1).filter((n) => n >= min && n <= max);
  if (integer) return fc.oneof(fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }), edges);
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), edges);
}

/**
 * Values that fit `schema` (mixed = false), or mostly fit it: any part may be swapped for one
 * from outside it (`nasty`) and objects may carry extra keys, so validation is probed at
 * every depth (mixed = true).
 */
function fromSchema(schema: JsonSchema | undefined, real: string[], mixed: boolean, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return mixed ? nasty : fc.constant(undefined);
  const valid = validFor(schema, real, mixed, depth);
  return mixed ? fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: nasty, weight: 1 }) : valid;
}

/** Valid-looking bodies half the time, so requests get past validation into the services. */
const anyOf = (schema: JsonSchema | undefined, real: string[]) =>
  fc.oneof(fromSchema(schema, real, false), fromSchema(schema, real, true));

function validFor(schema: JsonSchema, real: string[], mixed: boolean, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, real, mixed, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], real, mixed, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const nullable = (arb: fc.Arbitrary<unknown>) =>
    (schema as { nullable?: boolean }).nullable ? fc.oneof(arb, fc.constant(null)) : arb;
  switch (typeOf(schema)) {
    case 'string':
      return nullable(stringFor(schema, real));
    case 'integer':
      return nullable(numberFor(schema, true));
    case 'number':
      return nullable(numberFor(schema, false));
    case 'boolean':
      return nullable(fc.boolean());
    case 'null':
      return fc.constant(null);
    case 'array':
      return nullable(
        fc.array(fromSchema(schema.items, real, mixed, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        }),
      );
    case 'object':
    case undefined: {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fromSchema(s, real, mixed, depth + 1)]));
      const record = fc.record(shape, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      return nullable(
        fc
          .tuple(record, mixed ? fc.option(fc.constantFrom(...PROTO_OBJECTS), { freq: 8 }) : fc.constant(null))
          .map(([value, extra]) => (extra ? Object.assign(JSON.parse(JSON.stringify(extra)), value) : value)),
      );
    }
    default:
      return nasty;
  }
}

// ── Requests ────────────────────────────────────────────────────────────────────────────

interface FuzzRequest {
  caller: Caller;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function serialise(body: unknown): string {
  return JSON.stringify(body).replaceAll(`"${INFINITY}"`, '1e999').replaceAll(`"${NEG_INFINITY}"`, '-1e999');
}

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const text = typeof v === 'string' ? v : v instanceof Big ? String(v) : serialise(v);
      search.append(key, text.replaceAll(`"${INFINITY}"`, '1e999'));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function requestArbitrary(world: World, op: Operation): fc.Arbitrary<FuzzRequest> {
  const real = [...Object.values(world.ids), world.shopper.email, 'Lagos Island', 'percent'];
  const parameters = op.op.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const params = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: anyOf(p.schema, real), weight: 2 }),
      ]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, fc.option(anyOf(p.schema, real), { freq: 2, nil: undefined })])),
    { requiredKeys: [] },
  );
  const json = op.op.requestBody?.content?.['application/json']?.schema;
  const body = json ? anyOf(json, real) : fc.constant(undefined);
  const callers: fc.Arbitrary<Caller> = fc.oneof(
    { arbitrary: fc.constant<Caller>('admin'), weight: 5 },
    { arbitrary: fc.constant<Caller>('shopper'), weight: 3 },
    { arbitrary: fc.constant<Caller>('anonymous'), weight: 1 },
  );
  return fc.record({ caller: callers, params, query, body });
}

function urlFor(world: World, op: Operation, params: Record<string, unknown>): string {
  const filled = pathWithIds(world, op.path);
  // Each fuzzed parameter replaces the real id in its place.
  const segments = op.path.split('/');
  const real = filled.split('/');
  return segments
    .map((segment, i) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!name || params[name] === undefined) return real[i];
      const value = params[name];
      const text = typeof value === 'string' ? value : value instanceof Big ? String(value) : serialise(value);
      // Every byte percent-encoded (a lone surrogate becomes U+FFFD, as a browser would send it).
      return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('') || '%20';
    })
    .join('/');
}

function describeRequest(op: Operation, r: FuzzRequest, url: string): string {
  const body = r.body === undefined ? '' : ` body ${fc.stringify(r.body).slice(0, 300)}`;
  return `${r.caller} ${op.method} ${url.slice(0, 300)}${body}`;
}

// ── The run ─────────────────────────────────────────────────────────────────────────────

/** The fuzzed routes, and each one's cases: slow routes a quarter of the others', TOTAL_RUNS in all. */
export function fuzzPlan(world: World): { op: Operation; numRuns: number }[] {
  const ops = operations(world.app).filter((o) => !SKIP.has(o.key));
  const slow = ops.filter((o) => SLOW.has(o.key)).length;
  const perRoute = Math.max(1, Math.ceil(TOTAL_RUNS / (ops.length - slow + slow / 4)));
  return ops.map((op) => ({ op, numRuns: SLOW.has(op.key) ? Math.max(1, Math.ceil(perRoute / 4)) : perRoute }));
}

/**
 * Registers part `part` (1 or 2) of the route fuzzing: every second route of the plan, on the
 * world `getWorld` gives (the file's own, built in its beforeAll).
 */
export function fuzzRoutes(part: 1 | 2, getWorld: () => World): void {
  describe(`fuzzing every route, part ${part} of 2`, () => {
    it(`never answers 5xx, and a refused write changes nothing (seed ${SEED})`, async () => {
      const world = getWorld();
      const plan = fuzzPlan(world);
      // Both parts together run the whole plan, at least TOTAL_RUNS cases.
      expect(plan.reduce((sum, p) => sum + p.numRuns, 0)).toBeGreaterThanOrEqual(TOTAL_RUNS);
      const mine = plan.filter((_, i) => i % 2 === part - 1);
      let current = { lsn: await walPosition(world), print: await fingerprint(world) };
      let fingerprints = 0;
      let cases = 0;
      let serverErrors = 0;
      const statuses: Record<number, number> = {};
      const failures: string[] = [];
      const started = Date.now();

      for (const { op, numRuns } of mine) {
        const property = fc.asyncProperty(requestArbitrary(world, op), async (r) => {
          cases += 1;
          const url = urlFor(world, op, r.params) + queryString(r.query);
          const res = await world.app.inject({
            method: op.method as 'GET',
            url,
            headers: { ...headersFor(world, r.caller), ...(r.body !== undefined && { 'content-type': 'application/json' }) },
            ...(r.body !== undefined && { payload: serialise(r.body) }),
          });
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500) {
            serverErrors += 1;
            throw new Error(`${res.statusCode} ${res.body.slice(0, 200)} for ${describeRequest(op, r, url)}`);
          }
          if (op.method === 'GET') return;
          const lsn = await walPosition(world);
          if (lsn === current.lsn) return;
          fingerprints += 1;
          const before = current.print;
          current = { lsn, print: await fingerprint(world) };
          const changed = res.statusCode >= 400 ? changedTables(before, current.print) : [];
          if (changed.length > 0) {
            throw new Error(`refused with ${res.statusCode} yet changed ${changed.join(', ')}: ${describeRequest(op, r, url)}`);
          }
        });
        const details = await fc.check(property, { numRuns, seed: SEED });
        if (details.failed) {
          failures.push(`${op.key}\n${fc.defaultReportMessage(details)}`);
          console.error(`fuzz: ${op.key} failed\n${fc.defaultReportMessage(details)?.slice(0, 3000)}`);
        }
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const byStatus = Object.entries(statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ');
      console.log(
        `fuzz, part ${part} of 2: ${cases.toLocaleString('en')} cases over ${mine.length} routes in ${seconds} s, ${serverErrors} server errors ` +
          `(seed ${SEED}; ${fingerprints} database fingerprints; ${byStatus})`,
      );
      expect(failures).toEqual([]);
      expect(cases).toBeGreaterThanOrEqual(mine.reduce((sum, p) => sum + p.numRuns, 0));
    }, 300_000);
  });
}
