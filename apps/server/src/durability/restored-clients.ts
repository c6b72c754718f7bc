/**
 * Colyseus counts a client in its process's stats (the CCU: `/health`'s `clients`, and what
 * the presence tells the other processes) when it joins, and counts it out when it leaves.
 * A person whose seat was restored after a restart comes back by reconnection
 * (table-room.ts's `openSeat`), which Colyseus never counted as a join; uncounted, their
 * leaving later would take the count below the truth — below zero on an otherwise empty
 * process. So a restored seat's client is counted in when it comes back.
 */
import { matchMaker } from "@colyseus/core";

export class RestoredClients {
  private readonly waiting = new Set<string>(); // session ids of restored seats whose people have not come back yet

  /** `sessionId`'s seat was restored: its person comes back by reconnection. */
  expect(sessionId: string): void {
    this.waiting.add(sessionId);
  }

  /** A client came back by reconnection: counted, if its seat was a restored one (once). */
  cameBack(sessionId: string): void {
    if (!this.waiting.delete(sessionId)) return;
    matchMaker.stats.local.ccu++;
    void matchMaker.stats.persist();
  }

  /** `sessionId`'s restored seat lapsed (its person did not come back): nothing to count. */
  lapsed(sessionId: string): void {
    this.waiting.delete(sessionId);
  }
}
