import { describe, expect, it } from "vitest";
import { Seat, TableState } from "../state/table-state.js";
import { computerName, seatComputer } from "./seating.js";

function table(names: string[]): TableState {
  const state = new TableState();
  for (const name of names) state.seats.push(new Seat({ name }));
  return state;
}

describe("computer seats' names", () => {
  it("are Computer, then Computer 2, Computer 3: the first free one", () => {
    expect(computerName([])).toBe("Computer");
    expect(computerName(["Ann", "Computer"])).toBe("Computer 2");
    expect(computerName(["Computer", "Computer 3"])).toBe("Computer 2");
    expect(computerName(["Computer 2", "Computer 3", "Ann"])).toBe("Computer");
  });

  it("a seat taken over mid-hand gets a name no other seat at the table has", () => {
    const state = table(["Ann", "Computer", "Bob", "Computer 3"]);
    seatComputer(state, state.seats.at(2));
    expect(state.seats.map((s) => s.name)).toEqual(["Ann", "Computer", "Computer 2", "Computer 3"]);
    expect(state.seats.at(2).isAI).toBe(true);
    expect(state.seats.at(2).sessionId).toBe("");
  });

  it("a person's own name does not count against the seat they leave", () => {
    const state = table(["Computer", "Ann"]);
    seatComputer(state, state.seats.at(0));
    expect(state.seats.at(0).name).toBe("Computer");
  });
});
