import { describe, expect, it } from "vitest";
import { Api, ApiError } from "./api.js";
import { AccountApi } from "./account-api.js";
import { readAccountSummary, readLinkAnswer, readPasskeys, readSessions, readTotpOffer } from "./account-bodies.js";

const PROFILE = {
  id: "p1",
  name: "Ann",
  handle: "ann_k",
  createdAt: "2026-12-01T09:00:00.000Z",
  ratings: { duel: { rating: 1500, rd: 500, provisional: true, games: 0 } },
  record: { won: 1, drawn: 0, lost: 0 },
};

describe("the account routes' bodies", () => {
  it("read a session handed to a device, or a link still waiting; anything else is malformed", () => {
    expect(readLinkAnswer({ state: "waiting", expiresAt: "x" })).toBe("waiting");
    const signedIn = readLinkAnswer({ id: "p1", token: "t", sessionId: "s", profile: PROFILE, next: "add-credential" });
    expect(signedIn).toMatchObject({ id: "p1", token: "t", next: "add-credential", profile: { handle: "ann_k" } });
    expect(readLinkAnswer({ id: "p1", token: "t" })).toBeNull(); // no profile
  });

  it("read the account's summary, its passkeys and sessions, keeping what they can", () => {
    expect(readAccountSummary({ handle: null, password: false, passkeys: 0 })).toMatchObject({ handle: null });
    expect(readAccountSummary({ handle: "ann" })).toBeNull(); // which credentials it has is the point
    expect(
      readPasskeys({ passkeys: [{ id: "k", name: "Phone", createdAt: "c", lastUsedAt: null }, { name: "no id" }] }),
    ).toEqual([{ id: "k", name: "Phone", createdAt: "c", lastUsedAt: null }]);
    expect(readSessions({ sessions: [{ id: "s", current: true, device: { browser: "Firefox" } }] })).toEqual([
      { id: "s", current: true, createdAt: "", lastSeenAt: "", device: { browser: "Firefox", system: "" } },
    ]);
    expect(readTotpOffer({ secret: "ABC", uri: "https://not-otpauth" })).toBeNull();
  });

  it("a refusal carries its code and Retry-After", async () => {
    const api = new Api("http://h", () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: "too many", code: "rate-limited" }), {
          status: 429,
          headers: { "Retry-After": "30", "Content-Type": "application/json" },
        }),
      ),
    );
    const refused = await new AccountApi(api).signIn("ann", "pw", null).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ failure: "refused", status: 429, code: "rate-limited", retryAfter: 30 });
  });
});
