/**
 * The short secrets of accounts: recovery keys and device-link codes, drawn from
 * node:crypto. A recovery key is 128 random bits, shown once as 26 base32 characters in
 * groups ("ABCDE-FGHJK-…"), kept as its SHA-256 (like a token, too random to guess, so a
 * fast hash is enough). A link code is 8 characters of the table codes' alphabet.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const LINK_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"; // no 0/O or 1/I/L: read from one screen, typed on another
export const LINK_CODE_LENGTH = 8;

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A new recovery key, as shown to its owner once. */
export function newRecoveryKey(): string {
  return (base32(randomBytes(16)).match(/.{1,5}/g) ?? []).join("-");
}

/** The stored form of a recovery key as typed (spaces, dashes and case ignored); null when it cannot be one. */
export function recoveryKeyHash(typed: string): Buffer | null {
  const key = typed.toUpperCase().replace(/[\s-]/g, "");
  if (!/^[A-Z2-7]{26}$/.test(key)) return null;
  return createHash("sha256")
    .update((key.match(/.{1,5}/g) ?? []).join("-"), "utf8")
    .digest();
}

/** A new device-link code. */
export function newLinkCode(): string {
  let code = "";
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_ALPHABET[randomInt(LINK_ALPHABET.length)];
  return code;
}

/** A link code as typed (spaces, dashes and case ignored); null when it cannot be one. */
export function typedLinkCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  return code.length === LINK_CODE_LENGTH && [...code].every((c) => LINK_ALPHABET.includes(c)) ? code : null;
}
