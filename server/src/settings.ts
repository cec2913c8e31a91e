// The settings of running the reference backend for real, read from the environment once, each checked: a typo in a
// deployment's variables stops the start with a message naming the variable, instead of quietly running with a
// default nobody chose. main.ts (npm run serve) and scripts/start.ts (npm start) read them the same way; the README's
// settings section and main.ts's header list them.
import { parseTrustProxy } from './http/clientAddress';
import { MIN_METRICS_TOKEN_LENGTH } from './http/metrics';
import type { BackendOptions } from './server';

export type OperationsSettings = Pick<
  BackendOptions,
  | 'production'
  | 'trustProxy'
  | 'signInRateLimitMax'
  | 'signInIpRateLimitMax'
  | 'signInEmailRateLimitMax'
  | 'signInMaxLockoutMs'
  | 'statementTimeoutMs'
  | 'metricsPort'
  | 'metricsHost'
  | 'metricsToken'
  | 'shutdownGraceMs'
  | 'requireMfa'
>;

type Env = Record<string, string | undefined>;

/** A whole number from `min` to `max`, or undefined when the variable is unset or empty. */
function wholeNumber(env: Env, name: string, min: number, max: number): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${env[name]}"`);
  }
  return Number(text);
}

/** A switch: 1/true/yes/on or 0/false/no/off; unset or empty is off. Anything else is a mistake worth stopping for. */
function onOff(env: Env, name: string): boolean {
  const text = (env[name] ?? '').trim().toLowerCase();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text)) return false;
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  throw new Error(`${name} must be 0 or 1, got "${env[name]}"`);
}

export function operationsSettingsFromEnv(env: Env): OperationsSettings {
  const lockoutMinutes = wholeNumber(env, 'SIGN_IN_MAX_LOCKOUT_MINUTES', 1, 24 * 60);
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && metricsToken.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new Error(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (anyone who guesses it reads the metrics)`);
  }
  if (metricsToken !== undefined && /\s/.test(metricsToken)) throw new Error('METRICS_TOKEN must not contain spaces');
  return {
    production: env.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signInRateLimitMax: wholeNumber(env, 'SIGN_IN_RATE_LIMIT', 1, 1_000_000),
    signInIpRateLimitMax: wholeNumber(env, 'SIGN_IN_IP_RATE_LIMIT', 1, 1_000_000),
    signInEmailRateLimitMax: wholeNumber(env, 'SIGN_IN_EMAIL_RATE_LIMIT', 1, 1_000_000),
    signInMaxLockoutMs: lockoutMinutes === undefined ? undefined : lockoutMinutes * 60_000,
    statementTimeoutMs: wholeNumber(env, 'DB_STATEMENT_TIMEOUT_MS', 0, 24 * 3_600_000),
    metricsPort: wholeNumber(env, 'METRICS_PORT', 0, 65_535),
    metricsHost: env.METRICS_HOST?.trim() || undefined,
    metricsToken,
    shutdownGraceMs: wholeNumber(env, 'SHUTDOWN_GRACE_MS', 0, 3_600_000),
    requireMfa: onOff(env, 'REQUIRE_MFA'),
  };
}
