/**
 * Takes secrets out of free text before it is logged: the password of a connection string
 * (`postgres://user:secret@host` → `postgres://user:[redacted]@host`) and a bearer token. Messages
 * are written by us, but errors are not: a driver's or a library's message may quote its input.
 */
const CONNECTION_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@\s]*@/gi;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi;

/** `text` with every connection-string password and bearer token replaced by `[redacted]`. */
export function scrubSecrets(text: string): string {
  return text.replace(CONNECTION_PASSWORD, "$1:[redacted]@").replace(BEARER, "$1 [redacted]");
}
