/**
 * Private duels played by SDK clients of the benchmark's own process, to fill a server with
 * live tables before it is killed: created, joined by code, trumps picked, legal moves played.
 */
import type { ColyseusSDK, Room } from "@colyseus/sdk";
import { SUITS, movesFor, type Suit } from "@yourtrumps/engine";
import { sendMove, type Decoded } from "./decoded-table.js";

export type Table = Decoded & { code: string };

/** Resolves with the decoded state once `test` holds (checked now and on every patch). */
export function until(room: Room, test: (s: Table) => boolean, what: string, timeoutMs = 30_000): Promise<Table> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const s = room.state as Table;
      if (s.seats === undefined || !test(s)) return;
      clearTimeout(timer);
      room.onStateChange.remove(check);
      resolve(s);
    };
    const timer = setTimeout(() => {
      room.onStateChange.remove(check);
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    room.onStateChange(check);
    check();
  });
}

/** The seat of `room`'s own client, or -1. */
export function seatOf(room: Room): number {
  const s = room.state as Table;
  for (let i = 0; i < s.seats.length; i++) if (s.seats.at(i)?.sessionId === room.sessionId) return i;
  return -1;
}

/** The room once its client has a seat (its reconnection off: a killed server must not start thousands of loops). */
export async function joined(joining: Promise<Room>): Promise<Room> {
  const room = await joining;
  room.reconnection.enabled = false; // the kill must not start 4,000 reconnection loops
  await until(room, (s) => seatOf(room) >= 0 && s.phase !== "", "a seat");
  return room;
}

/** A private duel: Ann creates it, Bob joins by its code, each picks a free trump, then they play `moves` legal moves. */
export async function playDuel(sdk: ColyseusSDK, n: number, moves: number): Promise<{ rooms: Room[]; seq: number }> {
  const ann = await joined(sdk.create("table", { mode: "private", name: `Ann ${n}` }));
  const { code } = await until(ann, (s) => s.code !== "", "the code");
  const bob = await joined(sdk.join("table", { mode: "private", code, name: `Bob ${n}` }));
  const rooms = [ann, bob];
  let picked = 0;
  for (const room of rooms) {
    const s = await until(
      room,
      (x) => (x.phase === "choosing" && countTrumps(x) >= picked) || x.phase === "playing",
      "the trump choice",
    );
    if (s.phase !== "choosing") break;
    const taken = new Set<string>(Array.from({ length: s.seats.length }, (_, i) => s.seats.at(i)!.trump));
    room.send("trump", { suit: SUITS.find((x) => !taken.has(x)) });
    await until(room, (x) => x.seats.at(seatOf(room))!.trump !== "" || x.phase !== "choosing", "the trump");
    picked++;
  }
  let s = await until(ann, (x) => x.phase === "playing", "the deal");
  while (s.phase === "playing" && s.seq < moves) {
    const seq = s.seq;
    const mover = rooms.find((r) => seatOf(r) === s.toMove)!;
    const mine = (mover.state as Table).seats.at(s.toMove)!; // only its own client sees a seat's cards
    const legal = movesFor([...(mine.hand ?? [])], [...s.pile], mine.trump as Suit, s.secondDue);
    sendMove(mover, legal[(n + seq) % legal.length]!);
    await Promise.all(rooms.map((r) => until(r, (x) => x.seq > seq || x.phase !== "playing", "the next move")));
    s = ann.state as Table;
  }
  return { rooms, seq: s.seq };
}

/** How many seats have picked their trump. */
export function countTrumps(s: Table): number {
  let n = 0;
  for (let i = 0; i < s.seats.length; i++) if (s.seats.at(i)!.trump !== "") n++;
  return n;
}
