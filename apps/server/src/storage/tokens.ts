/**
 * A guest's identity is a bearer token the browser keeps. Only its SHA-256 is stored,
 * so a copy of the database signs nobody in. A fast unsalted hash is enough here: the
 * token is 256 random bits, not a password, so there is nothing to guess, and the hash
 * itself is the lookup key.
 */
import { createHash, randomBytes } from "node:crypto";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/; // 32 bytes in base64url

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function tokenHash(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

/** Whether `value` could be a token at all (anything else is refused without a query). */
export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}
