/**
 * Whom a standings push tells of themselves: 10,000 players' messages at every push would not
 * do. A player is told when their line or their rank changed since the last push, found by
 * comparing the standings' order with the order last told, place by place (a line is replaced,
 * never changed in place, so the same object at the same place is the same line at the same
 * rank); when their own state changed (their table, their time to be paired, their presence:
 * the members name them); and when the rejoin time they were told has passed.
 */
import type { ArenaYouMessage } from "@yourtrumps/protocol";
import type { ArenaPlayerRecord } from "../storage/arenas.js";

/** What the push reads of the standings. */
export interface RankedLines {
  readonly lines: readonly ArenaPlayerRecord[]; // best first
  get(playerId: string): ArenaPlayerRecord | undefined;
  rankOf(playerId: string): number;
}

/** A player's message at `rank`; null when they are not told (not connected). */
export type MessageOf = (line: ArenaPlayerRecord, rank: number) => ArenaYouMessage | null;

export class OwnLines {
  #told: readonly ArenaPlayerRecord[] = []; // the standings' order at the last push
  readonly #rejoining = new Map<string, number>(); // told a rejoin time: told again once it passes

  /** [player id, message] of everyone to tell now; the order is then told. */
  due(
    standings: RankedLines,
    changed: Iterable<string>,
    now: number,
    messageOf: MessageOf,
  ): [string, ArenaYouMessage][] {
    const players: [string, ArenaYouMessage][] = [];
    const tell = (line: ArenaPlayerRecord, rank: number): void => {
      const message = messageOf(line, rank);
      if (!message) return;
      players.push([line.playerId, message]);
      if (message.rejoinAt > 0) this.#rejoining.set(line.playerId, message.rejoinAt); // until it passes
    };
    const { lines } = standings;
    const last = this.#told;
    for (let i = 0; i < lines.length; i++) if (lines[i] !== last[i]) tell(lines[i]!, i + 1);
    const again = new Set(changed);
    for (const [id, at] of this.#rejoining)
      if (at <= now) {
        again.add(id);
        this.#rejoining.delete(id);
      }
    for (const id of again) {
      const line = standings.get(id);
      if (!line) continue;
      const rank = standings.rankOf(id);
      if (lines[rank - 1] === last[rank - 1]) tell(line, rank); // not told by place above
    }
    this.#told = lines.slice();
    return players;
  }
}
