import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Rng, seedKey } from "./rng.js";
import { sha256KeyCounter, sha256Words } from "./sha256.js";
import { newHand } from "./setup.js";

function hex(words: Uint32Array): string {
  return Array.from(words, (x) => (x >>> 0).toString(16).padStart(8, "0")).join("");
}

describe("sha256", () => {
  it("agrees with node:crypto at every padding boundary and beyond", () => {
    for (const length of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000]) {
      const bytes = randomBytes(length);
      expect(hex(sha256Words(bytes)), `length ${length}`).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
    expect(hex(sha256Words(new TextEncoder().encode("abc")))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("hashes key and counter as the 40-byte message they stand for", () => {
    const key = seedKey("any");
    const out = new Uint32Array(8);
    for (const counter of [0, 1, 2 ** 32 + 5]) {
      sha256KeyCounter(key, counter, out);
      const message = Buffer.alloc(40);
      key.forEach((word, i) => message.writeUInt32BE(word >>> 0, 4 * i));
      message.writeUInt32BE(Math.floor(counter / 2 ** 32), 32);
      message.writeUInt32BE(counter >>> 0, 36);
      expect(hex(out)).toBe(createHash("sha256").update(message).digest("hex"));
    }
  });
});

describe("Rng", () => {
  it('gives the same sequence for the same seed, and another for 7 and "7"', () => {
    const draw = (seed: number | string) => {
      const rng = new Rng(seed);
      return Array.from({ length: 20 }, () => rng.nextUint32());
    };
    expect(draw("table/42")).toEqual(draw("table/42"));
    expect(draw(7)).not.toEqual(draw("7"));
  });

  it("uses the whole seed: seeds that differ only in their last character give other deals", () => {
    const long = "x".repeat(5000);
    expect(newHand({ players: 4, seed: `${long}a` }).hands).not.toEqual(
      newHand({ players: 4, seed: `${long}b` }).hands,
    );
  });

  it("draws integers in range, every value reachable", () => {
    const rng = new Rng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const x = rng.int(7);
      expect(x >= 0 && x < 7 && Number.isInteger(x)).toBe(true);
      seen.add(x);
    }
    expect(seen.size).toBe(7);
  });

  it("deals no two identical hands from 300,000 distinct random seeds (a 32-bit state would collide about ten times)", () => {
    const deals = new Set<string>();
    const count = 300_000;
    for (let i = 0; i < count; i++) {
      const hand = newHand({ players: 4, seed: randomBytes(16).toString("hex"), sixesToOwner: false });
      deals.add(
        `${hand.setup.kind === "deal" ? hand.setup.dealer : -1}|${hand.hands.map((cards) => cards.join("")).join("/")}`,
      );
    }
    expect(deals.size).toBe(count);
  }, 120_000);
});
