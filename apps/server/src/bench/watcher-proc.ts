/**
 * Benchmark child: many SDK clients that only receive, so their decoding does not share a
 * core with the players being timed. WATCH=<roomId>: COUNT spectators of that table, each
 * noting when it decoded each move (`seq`); WATCH unset: COUNT lobby clients of the `live`
 * room, each noting when a patch reached it. "report" sends the notes, "stop" leaves.
 */
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { LIVE_ROOM_NAME } from "@yourtrumps/protocol";

const sdk = new ColyseusSDK(`ws://127.0.0.1:${process.env.PORT}`);
const count = Number(process.env.COUNT ?? 0);
const roomId = process.env.WATCH;
const now = (): number => performance.timeOrigin + performance.now(); // comparable between the benchmark's processes
const seenAt = new Map<number, number[]>(); // spectators: move seq → when each spectator decoded it
const patchTimes: number[][] = []; // lobby clients: when each one's patches came
const rooms: Room[] = [];

/** A join, tried again when its seat reservation lapsed before the socket opened (a loaded machine). */
async function retried(join: () => Promise<Room>): Promise<Room> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await join();
    } catch (e) {
      if (attempt >= 5) throw e;
    }
  }
}

async function joinOne(i: number): Promise<void> {
  if (roomId) {
    const room = await retried(() => sdk.joinById(roomId, { watch: true }));
    let last = -1;
    room.onStateChange((state: unknown) => {
      const seq = (state as { seq: number }).seq;
      if (seq === last) return;
      last = seq;
      const times = seenAt.get(seq) ?? [];
      times.push(now());
      seenAt.set(seq, times);
    });
    rooms.push(room);
  } else {
    const room = await retried(() => sdk.joinOrCreate(LIVE_ROOM_NAME));
    const times: number[] = [];
    patchTimes[i] = times;
    room.onStateChange(() => times.push(now()));
    rooms.push(room);
  }
}

const BATCH = 25; // joins at once
for (let i = 0; i < count; i += BATCH)
  await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => joinOne(i + k)));
process.send!({ joined: rooms.length });

process.on("message", (m: { cmd: "report" | "reset" | "stop" }) => {
  if (m.cmd === "reset") {
    seenAt.clear();
    for (const times of patchTimes) times.length = 0;
  } else if (m.cmd === "report") process.send!({ seenAt: [...seenAt.entries()], patchTimes });
  else void Promise.all(rooms.map((room) => room.leave().catch(() => 0))).then(() => process.exit(0));
});
