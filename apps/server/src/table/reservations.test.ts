/**
 * Seats that are reserved and never taken, and tables nobody comes to: a bare HTTP
 * reservation is released after SEAT_RESERVATION_SECONDS (5 by default, where Colyseus
 * holds one for 15), an address gets a private table's last seat once, and a private
 * table still waiting after PRIVATE_WAIT_MINUTES is closed with a `closed` message.
 */
import { describe, expect, it, vi } from "vitest";
import type { Room } from "@colyseus/sdk";
import { TABLE_CLOSE_CODES, type ClosedMessage } from "@yourtrumps/protocol";
import { call, seen, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

/** What a room's connection closed with: the `closed` message it got first, and the close code. */
function closing(room: Room): Promise<{ message: ClosedMessage; code: number }> {
  return new Promise((resolve) => {
    let message: ClosedMessage | undefined;
    room.onMessage("closed", (m: ClosedMessage) => (message = m));
    room.onLeave((code: number) => resolve({ message: message!, code }));
  });
}

describe("seat reservations", () => {
  const h = useServer({ fillAfterSeconds: 1, trustProxy: 1 }); // the default SEAT_RESERVATION_SECONDS

  it("a quick-match seat reserved over HTTP and never connected is released within seconds, and the computer fill goes ahead", async () => {
    const person = await h.join("joinOrCreate", { mode: "quick", players: 2, name: "P" });
    const bare = await call<{ roomId: string }>(h.base, "POST", "/matchmake/joinOrCreate/table", {
      body: { mode: "quick", players: 2 },
    });
    expect(bare.status).toBe(200);
    expect(bare.body.roomId).toBe(person.roomId); // the reservation took the second seat of that table
    // The fill is due after 1 s but waits for the reserved seat; Colyseus alone would hold it for 15 s.
    const filled = await until(person, (s) => s.phase !== "waiting", 10_000, "the computer fill");
    expect(filled.seats.filter((seat) => seat.isAI)).toHaveLength(1);
  });

  it("a private table's last seat is not reservable twice by the same address; the friend gets it", async () => {
    const creator = await h.join("create", { mode: "private", players: 2, name: "Host" });
    const code = seen(creator).code;
    const snatcher = { "X-Forwarded-For": "203.0.113.9" };
    const first = await call(h.base, "POST", "/matchmake/join/table", {
      body: { mode: "private", code },
      headers: snatcher,
    });
    expect(first.status).toBe(200);
    // The friend is refused while that reservation holds the seat, then gets in once it lapses,
    // however often the snatcher tries again in the meantime.
    const snatches: number[] = [];
    const friend = await vi
      .waitFor(
        async () => {
          snatches.push(
            (
              await call(h.base, "POST", "/matchmake/join/table", {
                body: { mode: "private", code },
                headers: snatcher,
              })
            ).status,
          );
          return await h.join("join", { mode: "private", code, name: "Friend" });
        },
        { timeout: 10_000, interval: 250 },
      )
      .catch(() => undefined);
    expect(friend, "the friend got the seat within 10 s").toBeDefined();
    expect(snatches.every((status) => status !== 200)).toBe(true);
    const s = await until(creator, (x) => x.phase !== "waiting", 5000, "the table to fill");
    expect(s.seats.map((seat) => seat.name)).toEqual(["Host", "Friend"]);
  });
});

describe("private tables nobody joins", () => {
  const h = useServer({ privateWaitMinutes: 1.5 / 60 });

  it("are closed once they have waited PRIVATE_WAIT_MINUTES, with a `closed` message saying so, and their code finds nothing", async () => {
    const creator = await h.join("create", { mode: "private", players: 2 });
    const code = seen(creator).code;
    const closed = await closing(creator);
    expect(closed.message).toMatchObject({ reason: "expired" });
    expect(closed.code).toBe(TABLE_CLOSE_CODES.expired);
    await expect(h.join("join", { mode: "private", code })).rejects.toThrow();
  });

  it("are not closed once their players are all there", async () => {
    const a = await h.join("create", { mode: "private", players: 2 });
    const b = await h.join("join", { mode: "private", code: seen(a).code });
    await until(a, (s) => s.phase === "choosing");
    // past the 1.5 s wait: a table opened after this one has waited it out and closed
    expect((await closing(await h.join("create", { mode: "private", players: 2 }))).message).toMatchObject({
      reason: "expired",
    });
    expect(a.connection.isOpen && b.connection.isOpen).toBe(true);
  });
});
