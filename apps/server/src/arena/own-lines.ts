/**
 * What each present player was last told of themselves (their standing, whether paused, their
 * table, when they may be paired again), so a standings push carries only the players whose own
 * line changed: 10,000 players' lines at every push would not do. A standings line is replaced,
 * never changed in place, so an unchanged line is the same object.
 */
import type { ArenaYouMessage } from "@yourtrumps/protocol";
import type { ArenaPlayerRecord } from "../storage/arenas.js";
import { standingOf } from "./answers.js";

interface Told {
  line: ArenaPlayerRecord;
  rank: number;
  playing: string | null;
  rejoinAt: number;
}

export class OwnLines {
  readonly #told = new Map<string, Told>();

  /** The player's message if any of it changed since they were last told (and it is now told); null otherwise. */
  changed(line: ArenaPlayerRecord, rank: number, playing: string | null, rejoinAt: number): ArenaYouMessage | null {
    const told = this.#told.get(line.playerId);
    if (told && told.line === line && told.rank === rank && told.playing === playing && told.rejoinAt === rejoinAt)
      return null;
    this.#told.set(line.playerId, { line, rank, playing, rejoinAt });
    return { me: standingOf(line, rank), paused: line.paused, playing, rejoinAt };
  }

  /** The player is told everything at the next push (they came back). */
  forget(playerId: string): void {
    this.#told.delete(playerId);
  }
}
