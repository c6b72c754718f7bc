/**
 * Players that are programs: the real @colyseus/sdk in Node, seated at quick-match
 * tables of the e2e server, each moving with the engine's movesFor from its own decoded
 * hand after `delayMs` (a setter: a test speeds a table up to end its hand). They give a
 * browser something live to watch.
 */
import { Client, type Room } from "@colyseus/sdk";
import { movesFor, SUITS, type Card, type Suit } from "@yourtrumps/engine";
import { ROOM_NAME } from "@yourtrumps/protocol";

interface Decoded {
  phase: string;
  toMove: number;
  secondDue: boolean;
  seq: number;
  pile: Card[];
  seats: { sessionId: string; trump: string; hand?: Card[] }[];
}

export class SdkDuel {
  delayMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;

  private constructor(
    readonly rooms: Room[],
    delayMs: number,
  ) {
    this.delayMs = delayMs;
    for (const room of rooms) {
      room.onStateChange(() => this.step(room));
      room.onMessage("error", () => this.step(room)); // a suit the other took first: choose again
    }
  }

  /** Two programs at a new quick-match duel (named `names`), trumps picked, moving every `delayMs`. */
  static async start(serverUrl: string, names: [string, string], delayMs: number): Promise<SdkDuel> {
    const client = new Client(serverUrl);
    const first = await client.create(ROOM_NAME, { mode: "quick", players: 2, name: names[0] });
    const second = await client.joinById(first.roomId, { mode: "quick", players: 2, name: names[1] });
    return new SdkDuel([first, second], delayMs);
  }

  get roomId(): string {
    return this.rooms[0]!.roomId;
  }

  phase(): string {
    return decoded(this.rooms[0]!).phase;
  }

  async leave(): Promise<void> {
    clearTimeout(this.timer);
    await Promise.all(this.rooms.map((room) => room.leave().catch(() => 0)));
  }

  private step(room: Room): void {
    const s = decoded(room);
    const me = s.seats.findIndex((seat) => seat.sessionId === room.sessionId);
    if (me < 0) return;
    if (s.phase === "choosing" && s.seats[me]!.trump === "") {
      const suit = SUITS.find((x) => !s.seats.some((seat) => seat.trump === x));
      if (suit) room.send("trump", { suit });
      return;
    }
    if (s.phase !== "playing" || s.toMove !== me) return;
    clearTimeout(this.timer);
    const seq = s.seq;
    this.timer = setTimeout(() => {
      const now = decoded(room);
      if (now.seq !== seq || now.phase !== "playing") return;
      const move = movesFor(now.seats[me]!.hand ?? [], now.pile, now.seats[me]!.trump as Suit, now.secondDue)[0];
      if (move?.type === "play") room.send("play", { card: move.card });
      else if (move) room.send("pickup", {});
    }, this.delayMs);
  }
}

function decoded(room: Room): Decoded {
  return (room.state as { toJSON(): Decoded }).toJSON();
}
