/**
 * What a secret looks like in a log line, for the scans of the tests: the things the logger must
 * never write (logging/logger.ts takes them out), each with a name for the failure message.
 */
const PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: "a bearer token", pattern: /Bearer (?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/i },
  { name: "a connection string's password", pattern: /[a-z][a-z0-9+.-]*:\/\/[^:/@\s"]+:(?!\[redacted\]@)[^@\s"]+@/i },
  { name: "a player token", pattern: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/ },
  { name: "a token field", pattern: /"(token|password|authorization|secret)":"(?!\[redacted\])/i },
  {
    name: "a client address field",
    pattern: /"(ip|address|clientAddress|x-real-ip|x-forwarded-for)":"(?!\[redacted\])/i,
  },
];

/** The names of the secrets `line` holds (none: an empty list). */
export function secretsIn(line: string): string[] {
  return PATTERNS.filter(({ pattern }) => pattern.test(line)).map(({ name }) => name);
}
