/**
 * Runs once per test run: builds one migrated database template, so each test file gets
 * its own database by copying it instead of running initdb and migrations again.
 * - PostgreSQL (TEST_DATABASE_URL set): a template database; files CREATE DATABASE ... TEMPLATE it.
 * - PGlite: a migrated data directory (in /dev/shm, memory, where there is one); each file
 *   copies it and opens the copy. Opening a copied directory costs PGlite's start only; loading
 *   a dump (dumpDataDir/loadDataDir) also unpacks 43 MB into its in-memory file system, about
 *   1.5 s of CPU more per file. The template's PostgreSQL keeps 16 MB of shared buffers, not
 *   PGlite's 128 MB (see pgliteTestSettings).
 * It also bundles the API's commands, which tests run as processes (bundle.ts, commands.ts).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../src/db/client.ts';
import { bundleCommands } from './bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | undefined;
    pgliteTemplate: string | undefined;
    /** DEMO_PICTURES_CACHE of the run (CI sets it, so its runs draw the demo's pictures once). */
    picturesCache: string | undefined;
    /** The folder of the run's bundled commands (bundle.ts). */
    commandsBundle: string;
  }
}

export async function setup(project: TestProject) {
  project.provide('picturesCache', process.env.DEMO_PICTURES_CACHE || undefined);
  const commands = await bundleCommands('test-commands-');
  project.provide('commandsBundle', commands);
  const database = await databaseTemplate(project);
  return async () => {
    await database();
    rmSync(commands, { recursive: true, force: true });
  };
}

/** The run's migrated database template (PostgreSQL's or PGlite's, provided to the files); returns its teardown. */
async function databaseTemplate(project: TestProject): Promise<() => Promise<void> | void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `shop_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: withDatabase(url, template), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteTemplate', undefined);
    return async () => {
      // The files' copies (test/helpers.ts: their drops are not waited for), then the template.
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
        `${template}_f`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const template = mkdtempSync(path.join(parent, 'shop-test-template-'));
  const database = await openDatabase({ pglite: await createPglite(template) });
  await database.migrate();
  await database.close();
  appendFileSync(path.join(template, 'postgresql.conf'), pgliteTestSettings);
  project.provide('pgTemplate', undefined);
  project.provide('pgliteTemplate', template);
  return () => {
    // The template and every copy of it (test/helpers.ts names them after it), closed or not.
    const base = path.basename(template);
    for (const name of readdirSync(parent)) {
      if (name.startsWith(base)) rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  };
}

/**
 * Appended to the PGlite template's postgresql.conf, so every copy opens with it (the files'
 * databases, and the data folders the commands' processes open: embeddedDatabaseIn). PGlite
 * zeroes its shared buffers at every start, byte by byte in WebAssembly: PostgreSQL's default
 * 128 MB were 0.45 s of CPU per open, about 0.5 of its 0.8 s (measured 2026-11-28 with
 * node --cpu-prof: one WebAssembly function). A test database holds a few MB, which 16 MB
 * keeps in memory as 128 did; a shop's own folder keeps PGlite's default.
 */
const pgliteTestSettings = '\n# Tests (apps/api/test/global-setup.ts): a test database is small.\nshared_buffers = 16MB\n';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
