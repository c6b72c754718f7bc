import { HARD_TIME_MS } from "@yourtrumps/ai";
import { describe, expect, it } from "vitest";
import { HARD_MS } from "./page-table.js";

describe("the page's computer", () => {
  it("gives hard the product's thinking time, as the server does", () => {
    expect(HARD_MS).toBe(HARD_TIME_MS);
  });
});
