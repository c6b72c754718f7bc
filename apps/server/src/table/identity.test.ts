import { describe, expect, it } from "vitest";
import { ErrorCode } from "@colyseus/core";
import { JOIN_REFUSED_CODE, joinRefusal } from "@yourtrumps/protocol";
import { players, privateTable, seenRecorded } from "../test-kit/tables.js";
import { until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer();

/** What a join call rejected with. */
async function refusalOf(
  join: Promise<unknown>,
): Promise<{ code: unknown; message: unknown; refusal: ReturnType<typeof joinRefusal> }> {
  const error = await join.then(
    () => null,
    (e: unknown) => e as { code?: unknown; message?: unknown },
  );
  expect(error, "the join should have been refused").not.toBeNull();
  return { code: error!.code, message: error!.message, refusal: joinRefusal(error) };
}

describe("identity at the table", () => {
  it("the protocol's refusal code is Colyseus's AUTH_FAILED", () => {
    expect(JOIN_REFUSED_CODE).toBe(ErrorCode.AUTH_FAILED);
  });

  it("a join with a token binds the seat to that player, under the player's name and rating", async () => {
    const [ann] = await players(h.store, "Ann");
    const a = await h.join("joinOrCreate", { mode: "computer", token: ann!.token });
    const s = await until(a, (x) => x.phase === "choosing");
    const seat = seenRecorded(a).seats[0]!;
    expect(s.seats[0]!.name).toBe("Ann");
    expect(seat).toMatchObject({ playerId: ann!.id, rating: 1500, provisional: true, ratingAfter: 0 });
    expect(seenRecorded(a).seats[1]).toMatchObject({ playerId: "", rating: 0, provisional: false }); // the computer
  });

  it("the name given at the join wins over the player's", async () => {
    const [bob] = await players(h.store, "Bob");
    const b = await h.join("joinOrCreate", { mode: "computer", token: bob!.token, name: "Robert" });
    expect(seenRecorded(b).seats[0]).toMatchObject({ name: "Robert", playerId: bob!.id });
  });

  it("a join without a token is anonymous", async () => {
    const a = await h.join("create", { mode: "private" });
    expect(seenRecorded(a).seats[0]).toMatchObject({ name: "Player 1", playerId: "", rating: 0, provisional: false });
  });

  it("shows the rating of the table's kind: duel at two players, multi at three or four", async () => {
    const [cy, di, ed] = await players(h.store, "Cy", "Di", "Ed");
    const rooms = await privateTable(h, [cy!.token, di!.token, ed!.token]);
    const s = seenRecorded(rooms[0]!);
    expect(s.seats.map((x) => x.playerId)).toEqual([cy!.id, di!.id, ed!.id]);
    expect(s.seats.every((x) => x.rating === 1500 && x.provisional)).toBe(true);
  });

  it("refuses an unknown token, a malformed one and an empty one — never as an anonymous join", async () => {
    const [real] = await players(h.store, "Real");
    const unknown = real!.token.slice(0, -2) + (real!.token.endsWith("AA") ? "BB" : "AA");
    for (const token of [unknown, "not a token", "", "x".repeat(200)]) {
      for (const join of [
        h.colyseus.sdk.joinOrCreate("table", { mode: "computer", token }),
        h.colyseus.sdk.create("table", { mode: "private", token }),
        h.colyseus.sdk.joinOrCreate("table", { mode: "quick", token }),
      ]) {
        const r = await refusalOf(join);
        expect(r.code).toBe(JOIN_REFUSED_CODE);
        expect(r.refusal, String(r.message)).toBe("bad-token");
      }
    }
    // past the length a token could ever have, it is not even a join option
    expect(
      (await refusalOf(h.colyseus.sdk.joinOrCreate("table", { mode: "computer", token: "x".repeat(201) }))).code,
    ).toBe(ErrorCode.MATCHMAKE_INVALID_CRITERIA);
  });

  it("a bad token joining a private table by code is refused and the table keeps its seat free", async () => {
    const [host] = await players(h.store, "Host");
    const a = await h.join("create", { mode: "private", token: host!.token });
    const code = seenRecorded(a).code;
    expect((await refusalOf(h.colyseus.sdk.join("table", { mode: "private", code, token: "nope" }))).refusal).toBe(
      "bad-token",
    );
    const s = seenRecorded(a);
    expect(s.phase).toBe("waiting");
    expect(s.seats[1]).toMatchObject({ name: "", playerId: "" });
  });

  it("one player holds one seat at a table: a second join of theirs is refused as already-seated", async () => {
    const [fay, gus] = await players(h.store, "Fay", "Gus");
    const a = await h.join("create", { mode: "private", players: 3, token: fay!.token });
    const code = seenRecorded(a).code;
    const r = await refusalOf(h.colyseus.sdk.join("table", { mode: "private", code, token: fay!.token }));
    expect(r).toMatchObject({ code: JOIN_REFUSED_CODE, refusal: "already-seated" });
    // the seat stays free for someone else
    const g = await h.join("join", { mode: "private", code, token: gus!.token });
    expect(seenRecorded(g).seats.map((x) => x.playerId)).toEqual([fay!.id, gus!.id, ""]);
  });

  it("the same player may sit at two different tables", async () => {
    const [hal] = await players(h.store, "Hal");
    const one = await h.join("joinOrCreate", { mode: "computer", token: hal!.token });
    const two = await h.join("joinOrCreate", { mode: "computer", token: hal!.token });
    expect(two.roomId).not.toBe(one.roomId);
    expect(seenRecorded(two).seats[0]!.playerId).toBe(hal!.id);
  });
});
