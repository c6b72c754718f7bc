import { describe, expect, it } from "vitest";
import { memoryStorage } from "../net/test-storage.js";
import {
  ASIDE_TABLE_KEY,
  LOCAL_TABLE_KEY,
  loadTable,
  saveTable,
  setTableAside,
  tableAside,
  takeTableBack,
  type SavedTable,
} from "./saved-table.js";

const TABLE: SavedTable = {
  version: 1,
  players: 2,
  level: "medium",
  names: ["Ann", "Computer"],
  chosen: [null, null],
  phase: "choosing",
  nextDealer: null,
  seq: 0,
  hand: null,
};

describe("a local table set aside", () => {
  it("moves out of the reload's way and comes back as it was", () => {
    const storage = memoryStorage();
    saveTable(storage, TABLE);
    setTableAside(storage);
    expect(loadTable(storage)).toBeNull(); // a reload returns to the online seat, not here
    expect(tableAside(storage)).toBe(true);
    expect(takeTableBack(storage)).toBe(true);
    expect(loadTable(storage)).toEqual(TABLE);
    expect(tableAside(storage)).toBe(false);
    expect(takeTableBack(storage)).toBe(false);
  });

  it("nothing kept, nothing set aside; a set-aside record that does not read as a table is not offered", () => {
    const storage = memoryStorage();
    setTableAside(storage);
    expect(storage.getItem(ASIDE_TABLE_KEY)).toBeNull();
    storage.setItem(ASIDE_TABLE_KEY, "{not json");
    expect(tableAside(storage)).toBe(false);
    expect(takeTableBack(storage)).toBe(false);
    expect(storage.getItem(LOCAL_TABLE_KEY)).toBeNull();
  });
});
