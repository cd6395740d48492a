/**
 * Every environment variable the API reads, parsed in one place (nothing else reads
 * process.env). Defaults are safe for the embedded mode; `.env.example` lists them all.
 */
import type { BlockList } from 'node:net';
import { parseProxyRanges } from './lib/client-address.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  JWT_TTL: z.string().default('7d'),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(720),
  REQUIRE_2FA: z.preprocess(emptyAsUndefined, z.enum(['none', 'owners', 'all_staff']).optional()),
  REDIS_URL: optionalString,
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_WINDOW: z.string().default('1 minute'),
  AUTH_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  AUTH_EMAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_EMAIL_RATE_WINDOW: z.string().default('15 minutes'),
  REGISTER_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  CHECKOUT_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  CHECKOUT_RATE_WINDOW: z.string().default('1 minute'),
  QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  QUOTE_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  ALERT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: optionalString,
  OPERA_MINI_PROXIES: optionalString,
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  DEMO_PICTURES_CACHE: optionalString,
  WEB_DIST: optionalString,
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_PUBLIC_KEY: optionalString,
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  ALLOW_SANDBOX_IN_PRODUCTION: bool,
  SSR_MAX_RENDERS_PER_SECOND: z.coerce.number().int().min(1).default(50),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  MAIL_FROM: optionalString,
  MESSAGES_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  WEB_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(256).optional()),
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  FEED_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  BACKUP_ENCRYPTION_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'at least 16 characters (e.g. openssl rand -base64 32)').optional(),
  ),
  BACKUP_S3_BUCKET: optionalString,
  BACKUP_S3_REGION: z.string().default('us-east-1'),
  BACKUP_S3_ENDPOINT: optionalString,
  BACKUP_S3_ACCESS_KEY_ID: optionalString,
  BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
  BACKUP_S3_FORCE_PATH_STYLE: bool,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string;
  jwtTtl: string;
  /** A staff session ends after this many minutes without a request (and after 7 days in any case). */
  staffSessionIdleMinutes: number;
  /** Who must use two-factor sign-in until the shop's settings say otherwise: owners in production, nobody elsewhere. */
  require2fa: 'none' | 'owners' | 'all_staff';
  redisUrl: string | undefined;
  /** Per client IP and e-mail, per endpoint. */
  authRateLimit: { max: number; timeWindow: string };
  /** Per client IP across every endpoint that takes a password, whatever the e-mail. */
  authIpRateLimit: { max: number; timeWindow: string };
  /** Failed sign-ins per e-mail and client IP; past it each try from that client doubles the wait. */
  authEmailRateLimit: { max: number; timeWindow: string };
  /** Registrations per client IP (an hour). */
  registerIpRateLimit: { max: number; timeWindow: string };
  /** Orders created (checkout, legacy create) per shopper and per client IP. */
  checkoutRateLimit: { perShopper: { max: number; timeWindow: string }; perClient: { max: number; timeWindow: string } };
  /** Quotes per shopper and per client IP (a minute), counted apart from checkout. */
  quoteRateLimit: { perShopper: { max: number; timeWindow: string }; perClient: { max: number; timeWindow: string } };
  alertRateLimit: { max: number; timeWindow: string };
  corsOrigins: string[];
  /** Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Opera Mini's proxies: the limits count the address they forward (lib/client-address.ts). */
  operaMiniProxies: BlockList | undefined;
  admin: { email: string; password: string } | undefined;
  /** ADMIN_PASSWORD alone: what `npm run admin:create` uses instead of asking. */
  adminPassword: string | undefined;
  seedDemo: Env['SEED_DEMO'];
  /** DEMO_PICTURES_CACHE: the demo's drawn pictures, copied by the next empty data folder instead of drawn (tests, CI). */
  demoPicturesCache: string | undefined;
  webDist: string | undefined;
  paystack: { secretKey: string; publicKey: string; baseUrl: string } | undefined;
  allowSandboxInProduction: boolean;
  /** Pages the server renders afresh per second and process, at most; past it the browser renders them. */
  ssrMaxRendersPerSecond: number;
  /** Where shoppers reach the storefront, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /** Outgoing mail: an SMTP server, or .eml files under DATA_DIR/outbox when unset. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** How often each process's messages worker looks for due messages; 0: never by itself (tests). */
  messagesIntervalMs: number;
  /** Object storage for images; unset: local disk under DATA_DIR/uploads. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        publicUrl: string;
        forcePathStyle: boolean;
      }
    | undefined;
  /** API processes `npm start` runs (one per core by default; always 1 on the embedded database). */
  webConcurrency: number | undefined;
  /** Bearer token for GET /metrics on PORT; unset: /metrics there answers 401 to everyone. */
  metricsToken: string | undefined;
  /** A second listener, on 127.0.0.1 only, serving /metrics without a token (decision 16). */
  metricsPort: number | undefined;
  /** The catalogue feeds (/feeds/google.xml, /feeds/meta.csv) answer only `?token=` this; unset: anyone. */
  feedToken: string | undefined;
  /** Past this event-loop delay (ms) a process sheds load with 503 + Retry-After; 0: never. */
  maxEventLoopDelayMs: number;
  /** json: one JSON object per line; pretty: readable; auto: pretty on a terminal outside production. */
  logFormat: Env['LOG_FORMAT'];
  /**
   * Where `npm run backup` writes, how many backups it keeps, the passphrase it encrypts them
   * with (age), and the private bucket it copies them to: never the images bucket.
   */
  backup: {
    dir: string;
    keep: number;
    encryptionKey: string | undefined;
    s3: Omit<NonNullable<Config['s3']>, 'publicUrl'> | undefined;
  };
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset or false, a number of proxy hops in front of the API, or the proxies'
 * addresses. Never "trust everything": then the client's own X-Forwarded-For would choose its
 * IP, and every request could claim a new one past the per-IP rate limits.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true is refused: it lets any client choose its IP with X-Forwarded-For. Set it to the number of ' +
        'proxies in front of the API (e.g. TRUST_PROXY=1 behind one reverse proxy) or to their addresses ' +
        '(e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16 or loopback)',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_RANGE_NAMES.has(entry) && (family === 0 || !bitsOk || rest.length > 0)) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is neither a number of hops nor an IP address, CIDR range or one of loopback, linklocal, uniquelocal`,
      );
    }
  }
  return entries;
}

/** In embedded mode the JWT secret is generated once and kept beside the data. */
function embeddedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // The shop's user only (lib/private-files.ts tightens the rest at start).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Where the command was typed (npm sets INIT_CWD), not the workspace folder npm runs the
 * script in: relative paths, in the environment or on a command line, are relative to it.
 */
export function commandDir(source: NodeJS.ProcessEnv = process.env): string {
  return source.INIT_CWD ?? process.cwd();
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const baseDir = commandDir(source);
  const dataDir = path.resolve(baseDir, e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('JWT_SECRET (at least 32 characters) is required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    // Without it, reset links, invoices, canonical links and the sitemap would point at localhost.
    throw new Error(
      "PUBLIC_URL (the shop's address, e.g. https://shop.example.com) is required when NODE_ENV=production: " +
        'the links in its e-mails, its canonical links and its sitemap are made from it',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new Error(`METRICS_PORT must differ from PORT (${e.PORT}): metrics get a listener of their own, on 127.0.0.1`);
  }
  const jwtSecret = e.JWT_SECRET ?? (e.NODE_ENV === 'test' ? randomBytes(32).toString('hex') : embeddedJwtSecret(dataDir));
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret,
    jwtTtl: e.JWT_TTL,
    staffSessionIdleMinutes: e.STAFF_SESSION_IDLE_MINUTES,
    require2fa: e.REQUIRE_2FA ?? (e.NODE_ENV === 'production' ? 'owners' : 'none'),
    redisUrl: e.REDIS_URL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT, timeWindow: e.AUTH_RATE_WINDOW },
    authIpRateLimit: { max: e.AUTH_IP_RATE_LIMIT, timeWindow: e.AUTH_RATE_WINDOW },
    authEmailRateLimit: { max: e.AUTH_EMAIL_RATE_LIMIT, timeWindow: e.AUTH_EMAIL_RATE_WINDOW },
    registerIpRateLimit: { max: e.REGISTER_IP_RATE_LIMIT, timeWindow: '1 hour' },
    checkoutRateLimit: {
      perShopper: { max: e.CHECKOUT_RATE_LIMIT, timeWindow: e.CHECKOUT_RATE_WINDOW },
      perClient: { max: e.CHECKOUT_IP_RATE_LIMIT, timeWindow: e.CHECKOUT_RATE_WINDOW },
    },
    quoteRateLimit: {
      perShopper: { max: e.QUOTE_RATE_LIMIT, timeWindow: '1 minute' },
      perClient: { max: e.QUOTE_IP_RATE_LIMIT, timeWindow: '1 minute' },
    },
    /** Back-in-stock alerts asked for per client IP an hour (issue 31): each may mean an e-mail to any address. */
    alertRateLimit: { max: e.ALERT_RATE_LIMIT, timeWindow: '1 hour' },
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    operaMiniProxies: parseProxyRanges(e.OPERA_MINI_PROXIES),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    demoPicturesCache: e.DEMO_PICTURES_CACHE ? path.resolve(baseDir, e.DEMO_PICTURES_CACHE) : undefined,
    webDist: e.WEB_DIST ? path.resolve(baseDir, e.WEB_DIST) : undefined,
    paystack:
      e.PAYSTACK_SECRET_KEY && e.PAYSTACK_PUBLIC_KEY
        ? { secretKey: e.PAYSTACK_SECRET_KEY, publicKey: e.PAYSTACK_PUBLIC_KEY, baseUrl: e.PAYSTACK_BASE_URL }
        : undefined,
    allowSandboxInProduction: e.ALLOW_SANDBOX_IN_PRODUCTION,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Adire <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    messagesIntervalMs: e.MESSAGES_INTERVAL_MS,
    ssrMaxRendersPerSecond: e.SSR_MAX_RENDERS_PER_SECOND,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: (e.S3_PUBLIC_URL ?? `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ''),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    webConcurrency: e.WEB_CONCURRENCY,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    feedToken: e.FEED_TOKEN,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    logFormat: e.LOG_FORMAT,
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(baseDir, e.BACKUP_DIR) : path.join(dataDir, 'backups'),
      keep: e.BACKUP_KEEP,
      encryptionKey: e.BACKUP_ENCRYPTION_KEY,
      s3: e.BACKUP_S3_BUCKET
        ? {
            bucket: e.BACKUP_S3_BUCKET,
            region: e.BACKUP_S3_REGION,
            endpoint: e.BACKUP_S3_ENDPOINT,
            accessKeyId: e.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: e.BACKUP_S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.BACKUP_S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
  };
}
