import type { DeprecatedField } from '../domain/customers/test-flag.js';

/** RFC 9745 `Deprecation` (structured-field date, @epoch seconds) and RFC 8594 `Sunset` (HTTP-date) for the deprecated fields a request used. */
export function deprecationHeaders(fields: DeprecatedField[]): Record<string, string> {
  if (fields.length === 0) return {};
  const headers: Record<string, string> = {
    Deprecation: `@${Math.min(...fields.map((f) => f.deprecatedOn.getTime())) / 1000}`,
  };
  const sunsets = fields.flatMap((f) => (f.sunset ? [f.sunset.getTime()] : []));
  if (sunsets.length > 0) headers.Sunset = new Date(Math.min(...sunsets)).toUTCString();
  return headers;
}
