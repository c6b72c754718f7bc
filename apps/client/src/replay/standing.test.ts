import { describe, expect, it } from "vitest";
import { standingText } from "./review-words.js";

describe("a move's effect in the players' words", () => {
  it("says winning, drawing or losing, and names the move that changed it", () => {
    expect(standingText("en", 0.39, 0.39)).toBe("still winning");
    expect(standingText("en", 0.6, -0.3)).toBe("winning → losing: this move changed it");
    expect(standingText("en", 0.05, -0.1)).toBe("still drawing");
    expect(standingText("en", -0.5, 0)).toBe("losing → drawing: this move changed it");
    expect(standingText("ru", 0.6, -0.3)).toBe("выигрывает → проигрывает: этот ход всё изменил");
  });
});
