/**
 * The dependency part of `npm run test:security`: `npm audit --omit=dev --audit-level=high`
 * over the whole repository (every workspace's production dependencies). Fails on a high or
 * critical advisory. When the advisory endpoint cannot be reached (no internet, a registry
 * mirror without the audit API: npm then answers 405 or a network error) it says so in one
 * line and passes, since nothing could be checked rather than something found.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
  shell: process.platform === 'win32',
});

const unreachable = (why) => {
  console.log(`npm audit: advisory endpoint unreachable from this machine, not checked (${why})`);
  process.exit(0);
};

if (run.error) unreachable(run.error.code ?? run.error.message);
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  unreachable(`no report: ${(run.stderr || run.stdout).trim().split('\n').at(-1)}`);
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  // npm's error report: { message, statusCode, ... } or { error: { code, summary } }.
  const why = report.statusCode ?? report.error?.code ?? report.message ?? 'no advisories in the answer';
  unreachable(String(why).split('\n')[0]);
}

const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low (production dependencies)`,
);
if (serious > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === 'high' || v.severity === 'critical') console.log(`  ${v.severity}: ${name} ${v.range ?? ''}`);
  }
  process.exit(1);
}
