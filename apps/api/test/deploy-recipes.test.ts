/**
 * The deployment recipes (Dockerfile, compose.yaml, deploy/) are not run in CI: no Docker
 * daemon or systemd there. These checks keep them true to the code instead: the image is
 * built by the script CI runs, copies every path the server reads, and probes a route that
 * answers; compose and the systemd unit set only settings config.ts knows, with values it
 * accepts, wired to services that exist; the proxies forward to the port the shop listens on
 * and recommend a TRUST_PROXY the shop accepts. A renamed setting, entry point or route fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, parseTrustProxy } from '../src/config.ts';
import { apiRoot, defaultWebDist, migrationsFolder, repoRoot } from '../src/paths.ts';
import { rendererPath } from '../src/plugins/server-render.ts';
import { createTestApp, type TestContext } from './helpers.ts';

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const relative = (absolute: string) => path.relative(repoRoot, absolute);

/** Names of the settings .env.example documents (`NAME=` lines). */
const documented = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
/** Names config.ts's schema reads. */
const parsed = new Set([...read('apps/api/src/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm)].map((m) => m[1]));

/** The API bundle's entry names (apps/api/scripts/build.mjs): dist/<name>.js. */
const entryNames = (() => {
  const block = read('apps/api/scripts/build.mjs').match(/entryPoints(?::| =) \{([^}]*)\}/)?.[1] ?? '';
  return [...block.matchAll(/^\s*'?([\w-]+)'?:/gm)].map((m) => m[1]);
})();

function expectKnownSettings(names: string[], where: string) {
  for (const name of names) {
    expect(documented.has(name), `${where} sets ${name}, which .env.example does not document`).toBe(true);
    expect(parsed.has(name), `${where} sets ${name}, which config.ts does not read`).toBe(true);
  }
}

/** Dockerfile instructions of the last stage (the image that runs), joined across `\` lines. */
function dockerfile() {
  const text = read('Dockerfile').replace(/\\\n/g, ' ');
  const lines = text.split('\n').filter((l) => l.trim() && !l.trimStart().startsWith('#'));
  const stages = lines.reduce<string[][]>((acc, line) => {
    if (/^FROM /.test(line)) acc.push([]);
    acc.at(-1)?.push(line);
    return acc;
  }, []);
  const runtime = stages.at(-1) ?? [];
  const instruction = (name: string) =>
    runtime.filter((l) => l.startsWith(`${name} `)).map((l) => l.slice(name.length + 1).trim());
  const env = Object.fromEntries(
    instruction('ENV').flatMap((l) => [...l.matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]] as const)),
  );
  return { text, stages, instruction, env };
}

/** compose.yaml's `${NAME:?message}` and `${NAME:-default}`, resolved as compose would with a filled-in .env. */
function interpolate(value: string, required: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    if (kind === '-') return rest ?? '';
    const given = required[name];
    if (given === undefined) throw new Error(`compose.yaml requires ${name}; give the test a value for it`);
    return given;
  });
}

/** One systemd unit's key=value lines, each key with every value it is given. */
function unit(file: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const line of read(file).split('\n')) {
    const m = line.match(/^([A-Za-z]+)=(.*)$/);
    if (m?.[1] && m[2] !== undefined) entries.set(m[1], [...(entries.get(m[1]) ?? []), m[2]]);
  }
  return entries;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the install and build script', () => {
  it('is what CI and the image both run', () => {
    const script = read('scripts/install-and-build.sh');
    expect(script).toMatch(/^npm ci\b/m);
    expect(script).toMatch(/^npm run build\b/m);
    expect(script).toMatch(/npm prune --omit=dev/);
    // Run as one of .ci/run's timed steps: `step "…" bash scripts/install-and-build.sh`.
    expect(read('.ci/run')).toMatch(/^(?:step "[^"\n]*" )?bash scripts\/install-and-build\.sh$/m);
    expect(dockerfile().text).toMatch(/^RUN bash scripts\/install-and-build\.sh --production$/m);
  });
});

describe('Dockerfile', () => {
  const { instruction, env, stages, text } = dockerfile();

  it('builds in one stage and runs in another, as an unprivileged user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const user = instruction('USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(env.NODE_ENV).toBe('production');
  });

  it('starts a file the API build writes', () => {
    const cmd = JSON.parse(instruction('CMD').at(-1) ?? '[]') as string[];
    const script = cmd.find((arg) => arg.endsWith('.js'));
    expect(script).toMatch(/^apps\/api\/dist\/[\w-]+\.js$/);
    expect(entryNames).toContain(path.basename(script ?? '', '.js'));
  });

  it('copies every path the server reads at run time into the image', () => {
    const copied = [...text.matchAll(/for path in ([^;]*); do/g)].flatMap((m) => m[1]?.trim().split(/\s+/) ?? []);
    const needed = [
      'apps/api/dist',
      relative(migrationsFolder),
      // paths.ts finds the API's folder by this file.
      relative(path.join(apiRoot, 'drizzle.config.ts')),
      relative(path.join(defaultWebDist, 'index.html')),
      relative(rendererPath(defaultWebDist)),
      'node_modules',
    ];
    for (const file of needed) {
      expect(
        copied.some((entry) => file === entry || file.startsWith(`${entry}/`)),
        `the image does not copy ${file}`,
      ).toBe(true);
    }
    expect(existsSync(path.join(repoRoot, relative(path.join(apiRoot, 'drizzle.config.ts'))))).toBe(true);
  });

  it('keeps its data on the volume, listens on the port it exposes, and probes a route that answers', async () => {
    expect(instruction('VOLUME')).toContain(env.DATA_DIR);
    expect(instruction('EXPOSE')).toContain(env.PORT);
    const probe = instruction('HEALTHCHECK')
      .join(' ')
      .match(/'(\/[a-z]+)'/)?.[1];
    expect(probe).toBeDefined();
    const res = await ctx.app.inject({ method: 'GET', url: probe ?? '' });
    expect(res.statusCode).toBe(200);
  });

  it('leaves installs, builds and local data out of the build context, and nothing the build needs', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.env']));
    for (const needed of ['scripts', 'apps', 'packages', 'package-lock.json']) expect(ignored).not.toContain(needed);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<
      string,
      { environment?: Record<string, string>; depends_on?: Record<string, unknown>; volumes?: string[]; command?: string[] }
    >;
  };
  const services = compose.services;
  const required = {
    JWT_SECRET: 'a-secret-of-at-least-32-characters-for-tests',
    POSTGRES_PASSWORD: 'db-password',
    MINIO_ROOT_PASSWORD: 'store-password',
    PUBLIC_URL: 'https://shop.example.com',
  };
  const appEnv = Object.fromEntries(
    Object.entries(services.app?.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), required)]),
  );

  it('sets only settings the shop reads, with values it accepts', () => {
    expectKnownSettings(Object.keys(appEnv), 'compose.yaml');
    // Production refuses to start without PUBLIC_URL: compose asks for it instead of inventing one.
    expect(services.app?.environment?.PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:\?/);
    const config = loadConfig({ ...appEnv, DATA_DIR: '/data' });
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toBeDefined();
    expect(config.redisUrl).toBeDefined();
    expect(config.s3?.forcePathStyle).toBe(true);
  });

  it('points the app at the services it defines, with their credentials and bucket', () => {
    const db = new URL(appEnv.DATABASE_URL ?? '');
    const postgres = services[db.hostname]?.environment ?? {};
    expect(interpolate(postgres.POSTGRES_USER ?? '', required)).toBe(db.username);
    expect(interpolate(postgres.POSTGRES_PASSWORD ?? '', required)).toBe(db.password);
    expect(interpolate(postgres.POSTGRES_DB ?? '', required)).toBe(db.pathname.slice(1));

    expect(services[new URL(appEnv.REDIS_URL ?? '').hostname]).toBeDefined();

    const store = services[new URL(appEnv.S3_ENDPOINT ?? '').hostname]?.environment ?? {};
    expect(store.MINIO_ROOT_USER).toBe(appEnv.S3_ACCESS_KEY_ID);
    expect(interpolate(store.MINIO_ROOT_PASSWORD ?? '', required)).toBe(appEnv.S3_SECRET_ACCESS_KEY);
    expect(services['minio-setup']?.command?.join(' ')).toContain(`mb --ignore-existing store/${appEnv.S3_BUCKET}`);
    expect(appEnv.S3_PUBLIC_URL).toMatch(new RegExp(`/${appEnv.S3_BUCKET}$`));
  });

  it('sends backups to a bucket of their own that minio-setup keeps private, never to the public images bucket', () => {
    const config = loadConfig({ ...appEnv, DATA_DIR: '/data' });
    const backups = config.backup.s3;
    expect(backups?.bucket).toBeDefined();
    expect(backups?.bucket).not.toBe(config.s3?.bucket);
    const store = services[new URL(backups?.endpoint ?? '').hostname]?.environment ?? {};
    expect(store.MINIO_ROOT_USER).toBe(backups?.accessKeyId);
    expect(interpolate(store.MINIO_ROOT_PASSWORD ?? '', required)).toBe(backups?.secretAccessKey);
    const setup = services['minio-setup']?.command?.join(' ') ?? '';
    expect(setup).toContain(`mb --ignore-existing store/${backups?.bucket}`);
    expect(setup).toContain(`anonymous set none store/${backups?.bucket}`);
    expect(setup).not.toMatch(new RegExp(`anonymous set (download|public|upload) store/${backups?.bucket}\\b`));
    // Without a key nothing leaves the machine; compose passes the one in .env on.
    expect(services.app?.environment?.BACKUP_ENCRYPTION_KEY).toMatch(/^\$\{BACKUP_ENCRYPTION_KEY:-\}$/);
  });

  it('starts the app after what it needs, with its data folder on a volume', () => {
    for (const name of Object.keys(services.app?.depends_on ?? {})) expect(services[name], name).toBeDefined();
    expect(services.app?.volumes?.some((v) => v.endsWith(`:${dockerfile().env.DATA_DIR}`))).toBe(true);
  });
});

describe('deploy/shop.service (systemd)', () => {
  const service = unit('deploy/shop.service');
  const environment = Object.fromEntries((service.get('Environment') ?? []).map((e) => e.split('=', 2) as [string, string]));

  it('starts a file the API build writes, from the checkout it names', () => {
    const [, , ...args] = service.get('ExecStart')?.[0]?.split(/\s+/) ?? [];
    const script = args.find((arg) => arg.endsWith('.js')) ?? '';
    const workingDirectory = service.get('WorkingDirectory')?.[0] ?? '';
    expect(script.startsWith(`${workingDirectory}/apps/api/dist/`)).toBe(true);
    expect(entryNames).toContain(path.basename(script, '.js'));
  });

  it('sets only settings the shop reads, with values it accepts, and may write only its data folder', () => {
    expectKnownSettings(Object.keys(environment), 'deploy/shop.service');
    // JWT_SECRET and PUBLIC_URL come from /etc/shop/env, whose example lines the file gives.
    const fromEnvFile = { JWT_SECRET: 'a-secret-of-at-least-32-characters-for-tests', PUBLIC_URL: 'https://shop.example.com' };
    for (const name of Object.keys(fromEnvFile)) expect(read('deploy/shop.service')).toMatch(new RegExp(`^#\\s+${name}=`, 'm'));
    expect(() => loadConfig({ ...environment, JWT_SECRET: fromEnvFile.JWT_SECRET })).toThrow(/PUBLIC_URL .* is required/);
    expect(() => loadConfig({ ...environment, ...fromEnvFile })).not.toThrow();
    expect(service.get('ProtectSystem')).toEqual(['strict']);
    expect(service.get('ReadWritePaths')).toEqual([environment.DATA_DIR]);
    expect(`/var/lib/${service.get('StateDirectory')?.[0]}`).toBe(environment.DATA_DIR);
    expect(service.get('User')?.[0]).not.toBe('root');
  });

  it('gives the API processes longer than their drain to stop', () => {
    const drain = read('apps/api/src/cli/start.ts').match(/DRAIN_TIMEOUT_MS = ([\d_]+)/)?.[1];
    expect(drain, 'start.ts no longer names its drain timeout DRAIN_TIMEOUT_MS').toBeDefined();
    expect(service.get('KillSignal')).toEqual(['SIGTERM']);
    expect(Number(service.get('TimeoutStopSec')?.[0]) * 1000).toBeGreaterThan(Number(drain?.replace(/_/g, '')));
  });
});

describe('deploy/shop-backup.service (systemd)', () => {
  const service = unit('deploy/shop-backup.service');
  const environment = Object.fromEntries((service.get('Environment') ?? []).map((e) => e.split('=', 2) as [string, string]));

  it("runs the backup the API build writes, with the shop's settings and data folder", () => {
    const script =
      service
        .get('ExecStart')?.[0]
        ?.split(/\s+/)
        .find((arg) => arg.endsWith('.js')) ?? '';
    expect(entryNames).toContain(path.basename(script, '.js'));
    expectKnownSettings(Object.keys(environment), 'deploy/shop-backup.service');
    expect(service.get('EnvironmentFile')).toEqual(unit('deploy/shop.service').get('EnvironmentFile'));
    expect(service.get('ReadWritePaths')).toEqual([environment.DATA_DIR]);
  });

  it('names only backup settings the shop reads', () => {
    const named = [...read('deploy/shop-backup.service').matchAll(/\b(BACKUP_[A-Z0-9_]+)/g)].map((m) => m[1] ?? '');
    expect(named).toContain('BACKUP_ENCRYPTION_KEY');
    expect(named).toContain('BACKUP_S3_BUCKET');
    expectKnownSettings([...new Set(named)], 'deploy/shop-backup.service');
  });
});

describe('deploy/Caddyfile and deploy/nginx.conf', () => {
  const port = unit('deploy/shop.service')
    .get('Environment')
    ?.find((e) => e.startsWith('PORT='))
    ?.slice(5);
  const caddy = read('deploy/Caddyfile');
  const nginx = read('deploy/nginx.conf');

  it('forward to the port the shop listens on', () => {
    expect(caddy).toMatch(new RegExp(`^\\s*reverse_proxy 127\\.0\\.0\\.1:${port} \\{`, 'm'));
    expect(nginx).toMatch(new RegExp(`^\\s*server 127\\.0\\.0\\.1:${port};`, 'm'));
  });

  it('recommend TRUST_PROXY values the shop accepts', () => {
    const values = [...`${caddy}\n${nginx}`.matchAll(/TRUST_PROXY=([\w.,/]+)/g)].map((m) => m[1] ?? '');
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(parseTrustProxy(value), value).not.toBe(false);
  });

  it("probe a route that answers when the shop is ready (Caddy's health_uri)", async () => {
    const probe = caddy.match(/health_uri (\S+)/)?.[1];
    expect(probe).toBeDefined();
    const res = await ctx.app.inject({ method: 'GET', url: probe ?? '' });
    expect(res.statusCode).toBe(200);
  });
});
