import path from 'node:path';
import { LOG } from './messages';

/**
 * Everything the server reads from its environment, parsed once. buildApp() accepts any of these as an
 * override, so tests never have to touch process.env.
 */
export interface ApiKeyPair {
  key: string;
  secret: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** When set the server uses this PostgreSQL; otherwise an embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  apiKeys: ApiKeyPair[];
  ssoSecret: string;
  /** The longest an SSO ticket may still be valid when it is redeemed; a ticket that lives longer is refused. */
  ssoTicketMaxTtlS: number;
  /** NODE_ENV=production: the server refuses to start with the repository's demo secrets. */
  production: boolean;
  tokenTtlPasswordS: number;
  tokenTtlSsoS: number;
  /** Failed sign-ins to one account from one address (or from one trusted device) in a window. */
  loginRateMax: number;
  /** Failed sign-ins one address may make in a window, whatever the accounts: far above loginRateMax (an office's address). */
  loginAddressFailMax: number;
  /**
   * All sign-in attempts, successful or not, one address may make in a window: an office behind one
   * address signs in many colleagues at once, so this ceiling sits far above loginRateMax (and never below it).
   */
  loginAttemptMax: number;
  loginRateWindowS: number;
  /** Attempts for one account (since its last successful sign-in) before each further one has to wait. */
  loginDelayAfter: number;
  /** The wait grows 1, 2, 4 … seconds per further failure, up to this many. */
  loginDelayMaxS: number;
  signWindowS: number;
  /**
   * AUTH_CACHE_S: how long this process may reuse what it looked up about a bearer token — the user, their
   * organiser, authorities and project/activity scope (server/services/sessionCache.ts). A logout, password
   * change or reset, disabled user or changed grant takes effect at once here and, through the change feed
   * (server/services/changeFeed.ts), within milliseconds on other replicas; only a direct database edit
   * waits this many seconds. 0 = look up every request.
   */
  authCacheS: number;
  /**
   * DESK_UPLOAD_MARGIN_H: a scan (live, offline, uploaded) is within its activity's dates from this many hours
   * before the first day's China midnight (活动日期外扫码, domain/meeting/gateVerdict.ts); a desk's offline scan
   * is taken as a pass only from this many hours before the person's registration (a desk clock may be off).
   */
  deskUploadMarginH: number;
  distDir: string;
  /**
   * Fastify's trustProxy (TRUST_PROXY): behind a reverse proxy the client address (request.ip, which the
   * per-address limits count) comes from X-Forwarded-For — only when told to. false: the socket address;
   * true: trust every hop; otherwise the proxies' addresses or CIDR ranges, comma-separated.
   */
  trustProxy: boolean | string;
  /** NODE_ENV is 'development' (npm run dev:server): the outbox sender prints codes to the console. */
  development: boolean;
  logLevel: string;
  /** How long a stop (SIGTERM/SIGINT) may take before a watchdog process SIGKILLs the server. */
  shutdownTimeoutS: number;
  /**
   * Who delivers SMS (SMS_PROVIDER, formerly SMS_SENDER): 'outbox' only records them (server/services/outbox/);
   * 'aliyun' sends through Aliyun 短信服务 with the aliyun* settings below.
   */
  smsSender: string;
  /** Email through SMTP (SMTP_URL, smtp://user:pass@host:587 or smtps://…); unset: emails are only recorded. */
  smtpUrl: string | undefined;
  /** The From of every email (MAIL_FROM). */
  mailFrom: string;
  /**
   * PUBLIC_URL (https://hz.example.com): the address attendees open the links of emails and SMS at
   * (personal pages, password reset). Unset: the address of the request that caused the message, except
   * for password reset links in production, which are then not sent (a forged Host must not pick their site).
   */
  publicUrl: string | undefined;
  /**
   * MAIL_UNSUBSCRIBE (unsubscribe@hz.example.com): a mailbox named beside the one-click link in the
   * List-Unsubscribe header of bulk mail, for mail clients that only write mail; unset: the link alone.
   */
  mailUnsubscribe: string | undefined;
  aliyunAccessKeyId: string;
  aliyunAccessKeySecret: string;
  aliyunSmsSignName: string;
  /** The template of verification codes (its variable: ${code}). */
  aliyunSmsTemplateCode: string;
  /** The template of every other SMS (its variable: ${content}, the whole text). */
  aliyunSmsTemplateText: string;
  /** The RPC endpoint (ALIYUN_SMS_ENDPOINT); tests point it at a stand-in on loopback. */
  aliyunSmsEndpoint: string;
  /** OUTBOX_WORKER=0: this replica queues but never sends (another one does). */
  outboxWorker: boolean;
  /** How often an idle worker looks for due messages; a new message wakes it at once. */
  outboxPollMs: number;
  /** Messages one worker sends at once, per channel. */
  outboxConcurrency: number;
  /** At most this many messages per second, per channel and replica. */
  outboxEmailRate: number;
  outboxSmsRate: number;
  /** Tries before a message is given up (state failed). */
  outboxMaxAttempts: number;
  /** The wait after the first failed try; doubled after each further one. */
  outboxBackoffMs: number;
  /** A row 'sending' for longer than this (its worker was killed) is taken over by another worker. */
  outboxLeaseS: number;
  smsCodeTtlS: number;
  /** Wrong guesses a code survives; the next one kills it. */
  smsCodeMaxAttempts: number;
  /** Minimum gap between two codes to the same mobile for the same purpose. */
  smsResendS: number;
  smsDailyMaxPerMobile: number;
  smsHourlyMaxPerIp: number;
  /**
   * Tests only (SMS_CODE_FILE): the outbox sender appends each code, in clear, to this file as a JSON line,
   * so the end-to-end suite can register without reading codes anywhere an operator can. Refused when
   * NODE_ENV is 'production'.
   */
  smsCodeFile: string | undefined;
}

/** The pair that .env.development / .env.production ship, so a fresh clone works without setup. */
export const DEMO_API_KEY: ApiKeyPair = { key: 'zbzj-demo-key', secret: 'zbzj-demo-secret-7f3a9c' };

/**
 * A DEMO value: anyone who reads this repository can mint SSO tickets with it. A deployment must set
 * SSO_SECRET to its own random value shared only with the SSO issuer.
 */
export const DEMO_SSO_SECRET = 'zbzj-demo-sso-secret-change-me';

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(LOG.envInteger(name, min, raw));
  }
  return value;
}

/** An integer setting with an upper bound too (e.g. a ticket lifetime: minutes, not years). */
function intWithin(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = int(env, name, fallback, min);
  if (value > max) throw new Error(LOG.envIntegerMax(name, max, value));
  return value;
}

function str(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? fallback : raw.trim();
}

/** An optional bare mail address (it goes into a mailto: URI of a header): anything else stops the start. */
function mailbox(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+$/.test(raw)) throw new Error(LOG.mailUnsubscribeInvalid(raw));
  return raw;
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['', '0', 'false', 'no', 'off'];

/** TRUST_PROXY: a yes/no word, or the trusted proxies' addresses / CIDR ranges ("10.0.0.1,10.1.0.0/16"). */
export function parseTrustProxy(raw: string | undefined): boolean | string {
  const value = (raw ?? '').trim();
  if (FALSE_WORDS.includes(value.toLowerCase())) return false;
  if (TRUE_WORDS.includes(value.toLowerCase())) return true;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .join(',');
}

/** "key:secret,key2:secret2". A secret may itself contain ':', so only the first one splits. */
export function parseApiKeys(raw: string | undefined): ApiKeyPair[] {
  if (raw === undefined || raw.trim() === '') return [DEMO_API_KEY];
  return raw.split(',').map((item) => {
    const at = item.indexOf(':');
    const key = at > 0 ? item.slice(0, at).trim() : '';
    const secret = at > 0 ? item.slice(at + 1).trim() : '';
    if (!key || !secret) throw new Error(LOG.envApiKeys(item));
    return { key, secret };
  });
}

function smsCodeFile(env: Env): string | undefined {
  const raw = env.SMS_CODE_FILE?.trim();
  if (!raw) return undefined;
  if (env.NODE_ENV === 'production') throw new Error(LOG.smsCodeFileInProduction);
  return path.resolve(raw);
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim();
  return {
    port: int(env, 'PORT', 8080),
    host: str(env, 'HOST', '127.0.0.1'),
    dataDir: path.resolve(str(env, 'DATA_DIR', './data')),
    databaseUrl: databaseUrl ? databaseUrl : undefined,
    apiKeys: parseApiKeys(env.API_KEYS),
    ssoSecret: str(env, 'SSO_SECRET', DEMO_SSO_SECRET),
    ssoTicketMaxTtlS: intWithin(env, 'SSO_TICKET_MAX_TTL_S', 600, 1, 3600),
    production: (env.NODE_ENV ?? '').trim() === 'production',
    tokenTtlPasswordS: int(env, 'TOKEN_TTL_PASSWORD_S', 86400, 1),
    tokenTtlSsoS: int(env, 'TOKEN_TTL_SSO_S', 604800, 1),
    loginRateMax: int(env, 'LOGIN_RATE_MAX', 10, 1),
    loginAddressFailMax: int(env, 'LOGIN_ADDRESS_FAIL_MAX', 100, 1),
    loginAttemptMax: int(env, 'LOGIN_ATTEMPT_MAX', 300, 1),
    loginRateWindowS: int(env, 'LOGIN_RATE_WINDOW_S', 60, 1),
    loginDelayAfter: int(env, 'LOGIN_DELAY_AFTER', 5, 1),
    loginDelayMaxS: int(env, 'LOGIN_DELAY_MAX_S', 300, 1),
    signWindowS: int(env, 'SIGN_WINDOW_S', 300, 1),
    authCacheS: intWithin(env, 'AUTH_CACHE_S', 5, 0, 300),
    deskUploadMarginH: intWithin(env, 'DESK_UPLOAD_MARGIN_H', 24, 0, 168),
    distDir: path.resolve(str(env, 'DIST_DIR', './dist')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    development: env.NODE_ENV === 'development',
    logLevel: str(env, 'LOG_LEVEL', 'info'),
    shutdownTimeoutS: intWithin(env, 'SHUTDOWN_TIMEOUT_S', 10, 1, 120),
    smsSender: str(env, 'SMS_PROVIDER', str(env, 'SMS_SENDER', 'outbox')),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: str(env, 'MAIL_FROM', '主办之家 <no-reply@localhost>'),
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
    mailUnsubscribe: mailbox(env, 'MAIL_UNSUBSCRIBE'),
    aliyunAccessKeyId: str(env, 'ALIYUN_ACCESS_KEY_ID', ''),
    aliyunAccessKeySecret: str(env, 'ALIYUN_ACCESS_KEY_SECRET', ''),
    aliyunSmsSignName: str(env, 'ALIYUN_SMS_SIGN_NAME', ''),
    aliyunSmsTemplateCode: str(env, 'ALIYUN_SMS_TEMPLATE_CODE', ''),
    aliyunSmsTemplateText: str(env, 'ALIYUN_SMS_TEMPLATE_TEXT', ''),
    aliyunSmsEndpoint: str(env, 'ALIYUN_SMS_ENDPOINT', 'https://dysmsapi.aliyuncs.com/'),
    outboxWorker: !FALSE_WORDS.includes(str(env, 'OUTBOX_WORKER', '1').toLowerCase()),
    outboxPollMs: int(env, 'OUTBOX_POLL_MS', 2000, 10),
    outboxConcurrency: intWithin(env, 'OUTBOX_CONCURRENCY', 4, 1, 64),
    outboxEmailRate: int(env, 'OUTBOX_EMAIL_RATE', 200, 1),
    outboxSmsRate: int(env, 'OUTBOX_SMS_RATE', 20, 1),
    outboxMaxAttempts: intWithin(env, 'OUTBOX_MAX_ATTEMPTS', 5, 1, 20),
    outboxBackoffMs: int(env, 'OUTBOX_BACKOFF_MS', 30_000, 1),
    outboxLeaseS: int(env, 'OUTBOX_LEASE_S', 120, 1),
    smsCodeTtlS: int(env, 'SMS_CODE_TTL_S', 300, 1),
    smsCodeMaxAttempts: int(env, 'SMS_CODE_MAX_ATTEMPTS', 5, 1),
    smsResendS: int(env, 'SMS_RESEND_S', 60, 1),
    smsDailyMaxPerMobile: int(env, 'SMS_DAILY_MAX_PER_MOBILE', 10, 1),
    smsHourlyMaxPerIp: int(env, 'SMS_HOURLY_MAX_PER_IP', 30, 1),
    smsCodeFile: smsCodeFile(env),
  };
}

/** In production the SSO secret must be long enough to resist guessing (it is an HMAC key). */
export const SSO_SECRET_MIN_LENGTH = 32;

/**
 * The environment variables that still hold the repository's demo values (or, for SSO_SECRET, one too
 * short to be a key): anyone who has read this repository knows those secrets, so with the demo SSO
 * secret they can mint a ticket for admin.
 */
export function demoSecretsIn(config: Pick<ServerConfig, 'apiKeys' | 'ssoSecret'>): string[] {
  const names: string[] = [];
  if (config.ssoSecret === DEMO_SSO_SECRET || config.ssoSecret.length < SSO_SECRET_MIN_LENGTH) names.push('SSO_SECRET');
  if (config.apiKeys.some((pair) => pair.key === DEMO_API_KEY.key || pair.secret === DEMO_API_KEY.secret)) names.push('API_KEYS');
  return names;
}

/**
 * NODE_ENV=production with a demo secret, or with messages leaving (SMTP_URL, an SMS provider) and no
 * PUBLIC_URL: refuse to start and say which variable to set. (`npm start` and the e2e server do not set
 * NODE_ENV, so a fresh clone still runs with the demo values.)
 */
export function assertDeployable(config: Pick<ServerConfig, 'apiKeys' | 'ssoSecret' | 'production' | 'smtpUrl' | 'smsSender' | 'publicUrl'>): void {
  if (!config.production) return;
  const names = demoSecretsIn(config);
  if (names.length) throw new Error(LOG.demoSecretsInProduction(names, SSO_SECRET_MIN_LENGTH));
  // Messages that really leave carry links; without PUBLIC_URL they would take the request's Host, and a
  // visitor who pre-registers someone else's email with a forged Host has the organiser mail that person a
  // link to a site of the visitor's choosing. Recorded only (nothing configured), nobody receives them.
  if (!config.publicUrl && (config.smtpUrl || config.smsSender !== 'outbox')) throw new Error(LOG.publicUrlRequiredInProduction);
}
