import { describe, expect, it } from "vitest";
import { ratedSeats, type SeatHolder } from "./rated-seats.js";

const person = (playerId: string): SeatHolder => ({ playerId, computer: null });
const anonymous: SeatHolder = { playerId: null, computer: null };
const computer: SeatHolder = { playerId: null, computer: "medium" };
const leaver = (playerId: string): SeatHolder => ({ playerId, computer: "medium" });

describe("ratedSeats", () => {
  it("rates a duel between two identified people at a quick or private table", () => {
    for (const mode of ["quick", "private"] as const) {
      expect(ratedSeats({ mode, reason: "out", places: [2, 1], seats: [person("a"), person("b")] })).toEqual({
        kind: "duel",
        seats: [
          { seat: 0, playerId: "a", place: 2 },
          { seat: 1, playerId: "b", place: 1 },
        ],
      });
    }
  });

  it("never rates computer tables", () => {
    expect(
      ratedSeats({ reason: "out", mode: "computer", places: [1, 2], seats: [person("a"), person("b")] }),
    ).toBeNull();
  });

  it("needs two identified people: a person against a computer or an anonymous person is not rated", () => {
    expect(ratedSeats({ reason: "out", mode: "quick", places: [1, 2], seats: [person("a"), computer] })).toBeNull();
    expect(ratedSeats({ reason: "out", mode: "quick", places: [1, 2], seats: [person("a"), anonymous] })).toBeNull();
  });

  it("leaves computer and anonymous seats out of a rated hand of four", () => {
    const rated = ratedSeats({
      reason: "out",
      mode: "quick",
      places: [1, 2, 3, 4],
      seats: [computer, person("a"), anonymous, person("b")],
    });
    expect(rated).toEqual({
      kind: "multi",
      seats: [
        { seat: 1, playerId: "a", place: 2 },
        { seat: 3, playerId: "b", place: 4 },
      ],
    });
  });

  it("makes a person who left lose the hand, whatever the computer did with the seat", () => {
    // a left; the computer then went out first in a's seat
    expect(
      ratedSeats({ reason: "out", mode: "quick", places: [1, 2], seats: [leaver("a"), person("b")] })?.seats,
    ).toEqual([
      { seat: 0, playerId: "a", place: 3 },
      { seat: 1, playerId: "b", place: 2 },
    ]);
    // two leavers of four tie for last, behind everyone who stayed (the loser included)
    const rated = ratedSeats({
      reason: "out",
      mode: "private",
      places: [1, 2, 3, 4],
      seats: [leaver("a"), person("b"), leaver("c"), person("d")],
    });
    expect(rated?.seats.map((s) => s.place)).toEqual([5, 2, 5, 4]);
  });

  it("does not rate a hand every identified person left", () => {
    expect(ratedSeats({ reason: "out", mode: "quick", places: [1, 2], seats: [leaver("a"), leaver("b")] })).toBeNull();
  });

  it("does not rate a hand where one person holds two seats", () => {
    expect(
      ratedSeats({ reason: "out", mode: "private", places: [1, 2, 3], seats: [person("a"), person("a"), person("b")] }),
    ).toBeNull();
  });

  it("keeps a drawn hand's shared places", () => {
    expect(
      ratedSeats({
        reason: "out",
        mode: "quick",
        places: [1, 2, 2],
        seats: [person("a"), person("b"), person("c")],
      })?.seats.map((s) => s.place),
    ).toEqual([1, 2, 2]);
  });

  it("never rates a hand the server called off, so a restart moves no rating", () => {
    expect(
      ratedSeats({ reason: "abandoned", mode: "quick", places: [1, 1], seats: [person("a"), person("b")] }),
    ).toBeNull();
    expect(
      ratedSeats({ reason: "repetition", mode: "quick", places: [1, 1], seats: [person("a"), person("b")] }),
    ).not.toBeNull();
  });

  it("refuses places that do not match the seats", () => {
    expect(() => ratedSeats({ reason: "out", mode: "quick", places: [1], seats: [person("a"), person("b")] })).toThrow(
      RangeError,
    );
  });
});
