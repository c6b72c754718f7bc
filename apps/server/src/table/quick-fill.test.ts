import { describe, expect, it } from "vitest";
import { laterTableFilled, mySeat, seen, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import type { Harness } from "../test-kit/harness.js";

const FILL_SECONDS = 0.4;

const h = useServer({ fillAfterSeconds: FILL_SECONDS });

/** A seat reservation from the matchmaker, without connecting yet (a slow network between the two). */
async function reserve(
  options: Record<string, unknown>,
): Promise<Parameters<Harness["colyseus"]["sdk"]["consumeSeatReservation"]>[0]> {
  const r = await h.colyseus.sdk.http.post("/matchmake/joinOrCreate/table", { body: options });
  return (r as { data: Parameters<Harness["colyseus"]["sdk"]["consumeSeatReservation"]>[0] }).data;
}

describe("quick match and the computer fill", () => {
  it("a client whose reservation arrives after the fill time still gets its seat at that table", async () => {
    const a = await h.join("joinOrCreate", { mode: "quick", name: "Early" });
    const reservation = await reserve({ mode: "quick", players: 2, name: "Late" });
    await laterTableFilled(h); // the fill time passes before it connects
    const b = await h.colyseus.sdk.consumeSeatReservation(reservation);
    b.reconnection.enabled = false;
    expect(b.roomId).toBe(a.roomId);
    const s = await until(b, (x) => x.phase === "choosing" && mySeat(b) >= 0, 5000, "seated, choosing");
    expect(s.seats.map((x) => [x.name, x.isAI])).toEqual([
      ["Early", false],
      ["Late", false],
    ]);
    await b.leave();
  });

  it("a reservation that is never used is filled by a computer after all", async () => {
    const a = await h.join("joinOrCreate", { mode: "quick", players: 3, name: "Alone" });
    (h.colyseus.getRoomById(a.roomId) as unknown as { seatReservationTimeout: number }).seatReservationTimeout = 1; // seconds
    const reservation = await reserve({ mode: "quick", players: 3 });
    expect(reservation.roomId).toBe(a.roomId);
    await laterTableFilled(h);
    expect(seen(a).phase).toBe("waiting"); // the promised seat is held
    const s = await until(a, (x) => x.phase === "choosing", 5000, "the fill once the reservation lapsed");
    expect(s.seats.map((x) => x.isAI)).toEqual([false, true, true]);
    expect(seen(a).seats[mySeat(a)]!.name).toBe("Alone");
  });
});
