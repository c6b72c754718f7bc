import { MODES, PHASES, RESULT_REASONS } from "@yourtrumps/protocol";
import { describe, expect, it } from "vitest";
import { serverUrl } from "./session.js";
import { parseSnapshot } from "./snapshot.js";

describe("parseSnapshot", () => {
  it("reads the server schema's toJSON shape", () => {
    const raw = {
      phase: "playing",
      mode: "private",
      code: "K7Q2MZ",
      players: 2,
      seats: [
        {
          name: "Ann",
          isAI: false,
          connected: true,
          trump: "H",
          cardCount: 2,
          sessionId: "a",
          hand: ["6H", "TC"],
          pickedUp: [],
          place: 0,
          wantsRematch: false,
        },
        {
          name: "Bob",
          isAI: false,
          connected: false,
          trump: "S",
          cardCount: 0,
          sessionId: "b",
          pickedUp: [],
          place: 1,
          wantsRematch: true,
        },
      ],
      pile: ["9C", "bogus"],
      toMove: 0,
      secondDue: false,
      deadline: 1700000000000,
      seq: 7,
      lastMove: { seat: 1, type: "pickup", card: "", taken: ["7D", "8C"], auto: true },
      result: { reason: "", loser: -1, places: [] },
    };
    const s = parseSnapshot(raw);
    expect(s.phase).toBe("playing");
    expect(s.code).toBe("K7Q2MZ");
    expect(s.pile).toEqual(["9C"]); // not-a-card dropped
    expect(s.seats[0]).toMatchObject({ hand: ["6H", "TC"], trump: "H", place: null, rematch: false });
    expect(s.seats[1]).toMatchObject({ hand: null, connected: false, place: 1, rematch: true });
    expect(s.lastMove).toEqual({ seat: 1, type: "pickup", card: null, taken: ["7D", "8C"], auto: true });
    expect(s.result).toBeNull(); // reason "" = no result yet
  });

  it("gives safe defaults for garbage and reads a finished hand", () => {
    const s = parseSnapshot({
      phase: "nonsense",
      seats: [{ trump: "" }],
      result: { reason: "out", loser: 1, places: [1, 2] },
    });
    expect(s.phase).toBe("waiting");
    expect(s.seats[0]?.trump).toBeNull();
    expect(s.result).toEqual({ places: [1, 2], loser: 1, reason: "out" });
    expect(parseSnapshot(null).seats).toEqual([]);
  });
});

describe("parseSnapshot: identity and ratings", () => {
  it("reads the record id, each seat's player and rating, and the rating after a rated hand", () => {
    const s = parseSnapshot({
      phase: "over",
      handId: "0f3c-hand",
      seats: [
        { name: "Ann", sessionId: "a", playerId: "p-ann", rating: 1512, provisional: true, ratingAfter: 1540 },
        { name: "Bob", sessionId: "b", playerId: "p-bob", rating: 1630, provisional: false, ratingAfter: 0 },
        { name: "Computer", isAI: true, playerId: "", rating: 0, provisional: false, ratingAfter: 0 },
      ],
    });
    expect(s.handId).toBe("0f3c-hand");
    expect(s.seats.map((x) => [x.playerId, x.rating, x.provisional, x.ratingAfter])).toEqual([
      ["p-ann", 1512, true, 1540],
      ["p-bob", 1630, false, null], // 0: not yet on record
      ["", null, false, null], // a computer seat: no rating
    ]);
  });

  it("a server without these fields (or with garbage in them) reads as anonymous and unrated", () => {
    const s = parseSnapshot({
      seats: [{ name: "Ann", rating: "1500", provisional: "yes", ratingAfter: -3, playerId: 7 }],
    });
    expect(s.handId).toBe("");
    expect(s.seats[0]).toMatchObject({ playerId: "", rating: null, provisional: false, ratingAfter: null });
  });

  it("reads an arena's table: its id and name, each seat's arena score, fire and berserk; none elsewhere", () => {
    const s = parseSnapshot({
      arenaId: "Ab3x9Zq1",
      arenaName: "Hourly",
      seats: [
        { name: "Ann", arenaScore: 6, fire: true, berserk: false },
        { name: "Bob", arenaScore: 0, fire: false, berserk: true },
      ],
    });
    expect(s.arena).toEqual({ id: "Ab3x9Zq1", name: "Hourly" });
    expect(s.seats.map((x) => x.arena)).toEqual([
      { score: 6, fire: true, berserk: false },
      { score: 0, fire: false, berserk: true },
    ]);
    const plain = parseSnapshot({ arenaId: "", seats: [{ name: "Ann", arenaScore: 6 }] });
    expect(plain.arena).toBeUndefined();
    expect(plain.seats[0]?.arena).toBeUndefined();
  });
});

describe("parseSnapshot and the protocol", () => {
  it("reads every phase, mode and result reason the protocol spells", () => {
    for (const phase of PHASES) expect(parseSnapshot({ phase }).phase).toBe(phase);
    for (const mode of MODES) expect(parseSnapshot({ mode }).mode).toBe(mode);
    for (const reason of RESULT_REASONS)
      expect(parseSnapshot({ result: { reason, loser: -1, places: [1, 1] } }).result?.reason).toBe(reason);
  });
});

describe("serverUrl", () => {
  const page = { origin: "https://cards.example.org", protocol: "https:", hostname: "cards.example.org" };
  it("uses VITE_SERVER_URL, else the page's origin, else (vite dev) port 2567 on the same host", () => {
    expect(serverUrl("https://api.example.org", page)).toBe("https://api.example.org");
    expect(serverUrl(undefined, page)).toBe("https://cards.example.org");
    expect(serverUrl("", page)).toBe("https://cards.example.org");
    expect(
      serverUrl(undefined, { origin: "http://localhost:5173", protocol: "http:", hostname: "localhost" }, true),
    ).toBe("http://localhost:2567");
  });
});
