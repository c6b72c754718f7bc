/**
 * Private-table codes. A code is the only key to a private table, so it is drawn
 * with crypto: knowing earlier codes must not help anyone guess the next one.
 */
import { randomInt } from "node:crypto";
import { matchMaker } from "@colyseus/core";

/** No 0/O or 1/I/L, so a code read aloud is typed right. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 6;

/** A fresh code (31^6 ≈ 8.9·10^8 of them). */
export function newTableCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code no open table of `roomName` uses, checked across processes through the matchmaker's driver. */
export async function uniqueTableCode(roomName: string): Promise<string> {
  for (;;) {
    const code = newTableCode();
    const taken = await matchMaker.query({ name: roomName, code } as never);
    if (taken.length === 0) return code;
  }
}
