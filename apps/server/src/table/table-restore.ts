/**
 * A table made from its record instead of from join options: the restorer found it in the
 * database (after a restart, or handed over by a process that shut down). Same id, same
 * code, the seats as they were, the hand dealt again and its moves replayed through the
 * engine, computer seats playing on, each person's clock resumed with the time they had
 * left and a grace, and each person's seat held for them (table-return.ts).
 */
import { ErrorCode, ServerError } from "@colyseus/core";
import { applySnapshot } from "../durability/table-keeping.js";
import { readSnapshot } from "../durability/table-snapshot.js";
import { clientsWhenFull } from "./open-seats.js";
import type { TableHost } from "./table-host.js";

/** Makes the table `roomId` from the record the restorer claimed for it (settings.restores). */
export async function restoreTable(host: TableHost, roomId: string): Promise<void> {
  const { settings, state, facts, back } = host;
  const claimed = settings.restores.get(roomId);
  settings.restores.delete(roomId);
  if (!claimed) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `table ${roomId} is not being restored`);
  const log = (why: string): void =>
    settings.log.warn({ roomId: host.roomId }, `the table cannot be played on after the restart: ${why}`);
  const read = readSnapshot(claimed.snapshot);
  if (!read.ok) {
    // Nothing to play on: the seats' people are told when they come back; a record that does not read cannot be recorded either.
    host.setUp(0);
    back.unrestorable = read.reason;
    log(read.reason);
    settings.journal.drop(host.roomId);
    back.hold(claimed.snapshot);
    return;
  }
  const snapshot = read.snapshot;
  facts.createdAt = snapshot.createdAt;
  facts.allowWatching = snapshot.allowWatching;
  facts.startedAt = snapshot.startedAt || (snapshot.phase === "waiting" ? 0 : snapshot.createdAt);
  applySnapshot(state, snapshot);
  facts.arena = snapshot.arena;
  if (facts.arena) facts.allowWatching = true;
  const { hand, trumps, fill, arena } = host.setUp(snapshot.turnMs);
  hand.nextDealer = snapshot.nextDealer ?? undefined;
  for (const kept of snapshot.seats)
    if (kept.sessionId !== "" && kept.tokenSha256 !== "") host.entry.tokens.set(kept.sessionId, kept.tokenSha256);
  host.limitClients(snapshot.phase === "waiting" ? snapshot.players : clientsWhenFull(snapshot.players)); // listed as full (open-seats.ts)
  if (snapshot.mode === "computer") {
    host.limitClients(1);
    await host.makePrivate();
    settings.computerTables.adopt(host.roomId, state.seats.at(0).playerId || null);
  } else if (snapshot.mode === "private") await host.unlist();
  const clockLeft = (deadline: number): number =>
    Math.max(0, Math.min(snapshot.turnMs, deadline - claimed.lastAliveAt)) + settings.graceMs;
  switch (state.phase) {
    case "waiting":
      if (snapshot.mode === "private")
        host.expireAfter(
          Math.max(settings.graceMs, settings.privateWaitMs - (claimed.lastAliveAt - snapshot.createdAt)),
          "nobody joined this private table in time",
        );
      else if (snapshot.mode === "quick") fill.start();
      break;
    case "choosing":
      trumps.start(clockLeft(snapshot.deadline));
      break;
    case "playing":
    case "over": {
      const kept = snapshot.hand;
      if (!kept) {
        back.unrestorable = "its record has no hand";
        break;
      }
      const turnStarted = kept.startedAt + (claimed.moves.at(-1)?.atMs ?? 0);
      const why = hand.resume(kept, claimed.moves, clockLeft(turnStarted + snapshot.turnMs));
      if (why) {
        back.unrestorable = why;
        hand.abandon(); // on record as abandoned, with the moves this engine took
      } else if (state.phase === "over")
        for (const [i, seat] of snapshot.seats.entries())
          if (!seat.isAI) state.seats.at(i).wantsRematch = seat.wantsRematch;
      break;
    }
    default:
      throw new Error(`unknown phase ${String(state.phase satisfies never)}`);
  }
  // An arena's table still waiting for its players cannot be played: their reserved seats went with the process.
  arena?.restored(back.unrestorable !== null || state.phase === "waiting");
  if (back.unrestorable !== null) {
    log(back.unrestorable);
    host.stopClock();
    settings.journal.drop(host.roomId);
  } else host.entry.keep();
  back.hold(claimed.snapshot);
  host.listed(true);
  host.patched();
}
