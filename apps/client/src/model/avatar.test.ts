import { describe, expect, it } from "vitest";
import { AVATAR_COLOURS, avatarOf, lastSeconds } from "./avatar.js";

describe("avatarOf", () => {
  it("takes the first letters of the first two words, whole graphemes, upper case", () => {
    expect(avatarOf("Ann Lee").initials).toBe("AL");
    expect(avatarOf("Computer 2").initials).toBe("C2");
    expect(avatarOf("bob").initials).toBe("B");
    expect(avatarOf("👨‍👩‍👧 family").initials).toBe("👨‍👩‍👧F"); // a family emoji stays whole
    expect(avatarOf("").initials).toBe("?");
  });

  it("gives a name the same colour every time, from the palette", () => {
    expect(avatarOf("Ann").colour).toBe(avatarOf("Ann").colour);
    expect(AVATAR_COLOURS).toContain(avatarOf("Ann").colour);
  });
});

describe("lastSeconds", () => {
  it("shows the seconds only in the clock's last ten, rounded up", () => {
    expect(lastSeconds(0, 1000)).toBeNull(); // no clock
    expect(lastSeconds(30_000, 0)).toBeNull();
    expect(lastSeconds(10_000, 0)).toBe(10);
    expect(lastSeconds(10_000, 500)).toBe(10);
    expect(lastSeconds(10_000, 9_100)).toBe(1);
    expect(lastSeconds(10_000, 12_000)).toBe(0);
  });
});
