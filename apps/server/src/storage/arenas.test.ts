import { sql } from "kysely";
import { expect, it } from "vitest";
import { bothDatabases } from "../test-kit/postgres.js";

const databases = bothDatabases();
const LEASE = 60_000;
const HORIZON = 60_000;

databases.describeEach("arenas: who directs them", (t) => {
  /** A new arena starting now; its id. */
  const newArena = (name: string): Promise<string> =>
    t.store().arenas.create({
      name,
      minutes: 20,
      startsAt: Date.now(),
      rated: true,
      berserk: true,
      streaks: true,
      turnSeconds: 30,
      minRatedHands: 0,
      maxRating: null,
      createdBy: null,
      scheduleKey: null,
    });

  /** The ids among `claimed` that are `id`. */
  const ofArena = (claimed: { id: string }[], id: string): string[] =>
    claimed.filter((a) => a.id === id).map((a) => a.id);

  /** Moves the lease of arena `id` a minute back, as if its director had died a minute ago. */
  const leaseLapsedMinuteAgo = async (id: string): Promise<void> => {
    await sql`update arenas set lease_until = lease_until - interval '1 minute' where id = ${id}`.execute(t.store().db);
  };

  it("a director's lease keeps other processes out; once it lapses (a crash) the next claim takes the arena, and the old director cannot renew it", async () => {
    const arenas = t.store().arenas;
    const id = await newArena(`lapse ${t.kind}`);
    expect(ofArena(await arenas.claim("first", LEASE, HORIZON), id)).toEqual([id]);
    expect(ofArena(await arenas.claim("second", LEASE, HORIZON), id)).toEqual([]); // leased
    expect(await arenas.renew("first", [id], LEASE)).toEqual([id]);
    expect(ofArena(await arenas.claim("second", LEASE, HORIZON), id)).toEqual([]); // renewed: leased still

    await leaseLapsedMinuteAgo(id);
    expect(ofArena(await arenas.claim("second", LEASE, HORIZON), id)).toEqual([id]);
    expect(await arenas.renew("first", [id], LEASE)).toEqual([]); // it is second's now
    expect(ofArena(await arenas.claim("first", LEASE, HORIZON), id)).toEqual([]);
  });

  it("a release hands the arenas over at once, lease or not", async () => {
    const arenas = t.store().arenas;
    const id = await newArena(`release ${t.kind}`);
    expect(ofArena(await arenas.claim("leaving", LEASE, HORIZON), id)).toEqual([id]);
    await arenas.release("leaving");
    expect(ofArena(await arenas.claim("staying", LEASE, HORIZON), id)).toEqual([id]);
  });
});
