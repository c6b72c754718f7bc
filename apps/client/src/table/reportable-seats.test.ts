import { describe, expect, it } from "vitest";
import type { SeatSnapshot } from "../net/snapshot.js";
import { reportable } from "./reportable-seats.js";

const seat = (name: string, playerId: string, isAI = false) => ({ name, playerId, isAI }) as SeatSnapshot;

describe("the people one may report at a table", () => {
  const seats = [seat("Ann", "p-ann"), seat("Computer", "", true), seat("Guest 3F2A", ""), seat("Ned", "p-ned")];

  it("are the identified persons other than oneself: no computer, no anonymous seat", () => {
    expect(reportable({ seats }, "p-ann")).toEqual([{ playerId: "p-ned", name: "Ned" }]);
  });

  it("for a spectator are every identified person seated; for a page with no identity, the same", () => {
    expect(reportable({ seats }, "p-watcher").map((c) => c.name)).toEqual(["Ann", "Ned"]);
    expect(reportable({ seats }, null).map((c) => c.name)).toEqual(["Ann", "Ned"]);
    expect(reportable({ seats: [seat("Computer", "", true)] }, null)).toEqual([]);
  });
});
