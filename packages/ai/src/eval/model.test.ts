import { Core, fromPosition, newHand } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { train, weightsSource } from "../train/train.js";
import { FEATURES, FEATURE_NAMES, featuresOf } from "./features.js";
import { Evaluation, WEIGHTS_FORMAT, WEIGHTS_VERSION, parseWeights } from "./model.js";
import { WEIGHTS } from "./weights.js";

describe("the committed evaluation weights", () => {
  it("are in the format and version the trainer writes, over today's feature list", () => {
    const w = parseWeights(WEIGHTS);
    expect(w.format).toBe(WEIGHTS_FORMAT);
    expect(w.version).toBe(WEIGHTS_VERSION);
    expect(w.features).toEqual([...FEATURE_NAMES]);
    for (const n of ["2", "3", "4"] as const) expect(w.byPlayers[n].w1).toHaveLength(w.byPlayers[n].hidden * FEATURES);
  });

  it("are refused when the version, the features or a table size's weights are off", () => {
    const w = parseWeights(WEIGHTS);
    expect(() => parseWeights({ ...w, version: WEIGHTS_VERSION + 1 })).toThrow(/version/);
    expect(() => parseWeights({ ...w, format: "other" })).toThrow(/format/);
    expect(() => parseWeights({ ...w, features: [...w.features].reverse() })).toThrow(/feature list/);
    const three = w.byPlayers["3"];
    expect(() =>
      parseWeights({ ...w, byPlayers: { ...w.byPlayers, "3": { ...three, w1: three.w1.slice(1) } } }),
    ).toThrow(/byPlayers\["3"\]\.w1/);
    expect(() =>
      parseWeights({ ...w, byPlayers: { ...w.byPlayers, "4": { ...w.byPlayers["4"], b2: Number.NaN } } }),
    ).toThrow(/finite/);
    expect(() =>
      parseWeights({ ...w, byPlayers: { ...w.byPlayers, "2": { ...w.byPlayers["2"], hidden: 0 } } }),
    ).toThrow(/hidden/);
    expect(() => parseWeights(null)).toThrow(/not an object/);
  });
});

describe("training", () => {
  it("is deterministic for a seed, and its file is what the AI reads back", async () => {
    const a = train({ games: 60, seed: 3, sample: 0.3, searchGames: 0, searchIterations: 1, hidden: 4, epochs: 1 });
    const b = train({ games: 60, seed: 3, sample: 0.3, searchGames: 0, searchIterations: 1, hidden: 4, epochs: 1 });
    expect(a).toEqual(b);
    expect(
      train({ games: 60, seed: 4, sample: 0.3, searchGames: 0, searchIterations: 1, hidden: 4, epochs: 1 }).byPlayers[
        "2"
      ],
    ).not.toEqual(a.byPlayers["2"]);
    const url = `data:text/javascript,${encodeURIComponent(weightsSource(a).replace(": unknown", ""))}`;
    const mod = (await import(/* @vite-ignore */ url)) as { WEIGHTS: unknown };
    expect(parseWeights(mod.WEIGHTS)).toEqual(a);
  });

  it("learns that holding more cards than the other player is bad", () => {
    const e = new Evaluation(
      train({ games: 400, seed: 1, sample: 0.2, searchGames: 0, searchIterations: 1, hidden: 4, epochs: 2 }),
    );
    // The same two hands, once with seat 0 holding three more cards (given from seat 1's hand).
    const even = fromPosition({
      trumps: ["S", "H"],
      hands: [
        ["6C", "7C", "8D", "9D", "JS"],
        ["TC", "JC", "QD", "KD", "JH"],
      ],
      pile: [],
      toMove: 0,
      secondDue: false,
    });
    const behind = fromPosition({
      trumps: ["S", "H"],
      hands: [
        ["6C", "7C", "8D", "9D", "JS", "TC", "JC", "QD"],
        ["KD", "JH"],
      ],
      pile: [],
      toMove: 0,
      secondDue: false,
    });
    expect(e.seat(new Core().load(behind), 0)).toBeLessThan(e.seat(new Core().load(even), 0));
  });
});

describe("features", () => {
  it("see the duel from either side alike: one seat's cards are the other's opponent's", () => {
    const core = new Core().load(newHand({ players: 2, seed: 11 }));
    const a = Array.from(featuresOf(core, 0, new Float64Array(FEATURES)));
    const b = Array.from(featuresOf(core, 1, new Float64Array(FEATURES)));
    const at = (v: number[], name: (typeof FEATURE_NAMES)[number]): number => v[FEATURE_NAMES.indexOf(name)]!;
    expect(at(a, "my cards")).toBe(at(b, "their cards"));
    expect(at(a, "my trumps")).toBe(at(b, "their trumps"));
    expect(at(a, "my cards they cannot beat")).toBe(at(b, "their cards I cannot beat"));
    expect(at(a, "I move") + at(b, "I move")).toBe(1);
  });

  it("count the cards the other seat cannot beat (R10: a higher card of the suit, or its own trump on another suit)", () => {
    // Seat 0 (trumps S) holds AC, 6D, 7S; seat 1 (trumps H) holds KC, 9H. Seat 1 beats 6D with 9H and cannot beat AC (no higher club; its trump 9H would).
    const h = fromPosition({
      trumps: ["S", "H"],
      hands: [
        ["AC", "6D", "7S"],
        ["KC", "9H"],
      ],
      pile: [],
      toMove: 0,
      secondDue: false,
    });
    const core = new Core().load(h);
    const f = featuresOf(core, 0, new Float64Array(FEATURES));
    // Seat 1 holds a trump (9H), so every side card of seat 0 above seat 1's highest of the suit falls only to a trump: AC, 6D, 7S.
    expect(f[FEATURE_NAMES.indexOf("my cards they cannot beat")]).toBe(0);
    expect(f[FEATURE_NAMES.indexOf("my cards they beat only with a trump")]).toBeCloseTo(3 / 9);
    // Seat 0 beats KC with AC or 7S, and 9H with its trump 7S.
    expect(f[FEATURE_NAMES.indexOf("their cards I cannot beat")]).toBe(0);
    const e = new Evaluation();
    const p = e.seat(core, 0);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
  });
});
