import { type DefaultedName, type IntName, variable, type VariableName } from './variables.js';

/** An invalid environment: the process refuses to start, printing the message as one line. */
export class ConfigError extends Error {}

/** The environment read (process.env, or a test's object). */
export type Env = Readonly<Record<string, string | undefined>>;

export interface IntOptions {
  /**
   * An empty value counts as 0 (`Number('')`) instead of unset, and the message reads
   * `<NAME> must be <expected(min, max)>, got "<value>"`: the wording PORT, DATABASE_POOL_MAX and
   * OUTREACH_SHUTDOWN_DELAY_MS have always had.
   */
  emptyIsZero: { expected: (min: number, max: number) => string };
}

/**
 * The one reader of the environment. Names are typed from the table (variables.ts), so a loader
 * reads nothing the table does not list; defaults and integer ranges come from the table too.
 * Every invalid value throws ConfigError.
 */
export interface EnvReader {
  /** The value as set (empty included); undefined when unset. */
  raw(name: VariableName): string | undefined;
  /** The value as set (empty included), else the table's default. */
  value(name: DefaultedName): string;
  /** The value when set and not empty, else the table's default (undefined when there is none). */
  filled(name: DefaultedName): string;
  filled(name: VariableName): string | undefined;
  /** An integer in the table's range; unset or empty → the table's default. */
  int(name: IntName, options?: IntOptions): number;
  /** An http(s) URL without its trailing slash; unset or empty → null. */
  httpUrl(name: VariableName): string | null;
  /** A URL matching `scheme` (a pattern such as /^smtps?:\/\//); unset or empty → undefined. */
  schemeUrl(name: VariableName, scheme: RegExp): string | undefined;
  /** One of `values` (the value as set, else the table's default). */
  oneOf<T extends string>(
    name: DefaultedName,
    values: readonly T[],
    options?: { expected?: string; lowercase?: boolean },
  ): T;
  /** The value (as set, else the table's default) when it matches `pattern`; undefined when unset with no default. */
  matching(name: DefaultedName, pattern: RegExp, expected: string): string;
  matching(name: VariableName, pattern: RegExp, expected: string): string | undefined;
  /** An ISO instant (2026-12-08T15:00:00Z); unset or empty → null. */
  instant(name: VariableName): Date | null;
  /** A date (midnight UTC) or an ISO instant (the value as set, else the table's default). */
  date(name: DefaultedName): Date;
  /** Throws `<NAME> must be <expected>, got "<got>"`. */
  fail(name: VariableName, expected: string, got: string | undefined): never;
}

export function envReader(env: Env): EnvReader {
  const raw = (name: VariableName): string | undefined => env[variable(name).name];
  const fallback = (name: VariableName): string | undefined => variable(name).default;
  const fail = (name: VariableName, expected: string, got: string | undefined): never => {
    throw new ConfigError(`${name} must be ${expected}, got "${got}"`);
  };
  const value = (name: VariableName) => raw(name) ?? fallback(name);

  return {
    raw,
    value: (name) => value(name)!,
    filled: ((name: VariableName) => raw(name) || fallback(name)) as EnvReader['filled'],
    int(name, options) {
      const { range: [min, max] = [-Infinity, Infinity] } = variable(name);
      const text = raw(name);
      if (options?.emptyIsZero) {
        const n = Number(text ?? fallback(name));
        if (!Number.isInteger(n) || n < min || n > max) fail(name, options.emptyIsZero.expected(min, max), text);
        return n;
      }
      if (text === undefined || text === '') return Number(fallback(name));
      const n = Number(text);
      if (!Number.isInteger(n) || n < min || n > max) fail(name, `an integer from ${min} to ${max}`, text);
      return n;
    },
    httpUrl(name) {
      const text = raw(name);
      if (!text) return null;
      try {
        const u = new URL(text);
        if (u.protocol === 'http:' || u.protocol === 'https:') return text.replace(/\/$/, '');
      } catch {
        /* reported below */
      }
      return fail(name, 'an http(s) URL', text);
    },
    schemeUrl(name, scheme) {
      const text = raw(name);
      if (!text) return undefined;
      if (!scheme.test(text)) fail(name, `a ${scheme.source} URL`, text);
      return text;
    },
    oneOf(name, values, options = {}) {
      const text = value(name)!;
      const v = options.lowercase ? text.toLowerCase() : text;
      if (!(values as readonly string[]).includes(v))
        fail(name, options.expected ?? `one of ${values.join(', ')}`, raw(name));
      return v as (typeof values)[number];
    },
    matching: ((name: VariableName, pattern: RegExp, expected: string) => {
      const v = value(name);
      if (v !== undefined && !pattern.test(v)) fail(name, expected, v);
      return v;
    }) as EnvReader['matching'],
    instant(name) {
      const text = raw(name);
      if (!text) return null;
      const at = new Date(text);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(at.getTime()))
        fail(name, 'an ISO instant such as 2026-12-08T15:00:00Z', text);
      return at;
    },
    date(name) {
      const text = value(name)!;
      const at = new Date(/T/.test(text) ? text : `${text}T00:00:00Z`);
      if (Number.isNaN(at.getTime())) throw new ConfigError(`${name} is not a date: "${text}"`);
      return at;
    },
    fail,
  };
}
