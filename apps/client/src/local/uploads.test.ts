import type { LocalHandUpload } from "@yourtrumps/protocol";
import { describe, expect, it } from "vitest";
import { ApiError } from "../net/api.js";
import { memoryStorage } from "../net/test-storage.js";
import type { FinishedLocalHand } from "./local-table.js";
import { pendingUploads, queueUpload, sendUploads } from "./uploads.js";

const finished = (id: string): FinishedLocalHand => ({
  hand: {
    id,
    setup: {
      kind: "deal",
      players: 2,
      seed: "00ff00ff",
      dealer: 0,
      trumps: ["S", "H"],
      sixesToOwner: true,
      maxTurns: 1000,
    },
    log: [{ type: "play", card: "TS" }, { type: "pickup" }],
    moveTimes: [10.4, 20.6],
    startedAt: 1000,
  },
  names: ["Ann", "Computer"],
  level: "hard",
  endedAt: 2000,
});

describe("local hand uploads", () => {
  it("keeps each finished hand as its upload body, compact moves and whole milliseconds", () => {
    const storage = memoryStorage();
    queueUpload(storage, finished("a"));
    expect(pendingUploads(storage)).toEqual([
      {
        id: "a",
        players: 2,
        seed: "00ff00ff",
        dealer: 0,
        trumps: ["S", "H"],
        level: "hard",
        moves: ["TS", "P"],
        moveTimes: [10, 21],
        startedAt: 1000,
        endedAt: 2000,
      },
    ]);
  });

  it("sends oldest first, keeps what may still go up (no connection, 503, 429, unknown token) and drops what the server refuses for good", async () => {
    const storage = memoryStorage();
    for (const id of ["a", "b", "c", "d"]) queueUpload(storage, finished(id));
    const sent: string[] = [];
    const answers: Record<string, () => never> = {
      b: () => {
        throw new ApiError("refused", 422, "move 1 is not legal");
      },
      c: () => {
        throw new ApiError("unreachable", 0, "offline");
      },
    };
    const post = (u: LocalHandUpload): Promise<void> => {
      answers[u.id]?.();
      sent.push(u.id);
      return Promise.resolve();
    };
    expect(await sendUploads(storage, post)).toBe(1);
    expect(sent).toEqual(["a"]);
    expect(pendingUploads(storage).map((u) => u.id)).toEqual(["c", "d"]); // b is dropped, c waits for the connection
    for (const failure of [
      new ApiError("refused", 503, "db down"),
      new ApiError("refused", 429, "slow down"),
      new ApiError("unauthorized", 401, "who"),
    ]) {
      answers.c = () => {
        throw failure;
      };
      expect(await sendUploads(storage, post)).toBe(0);
      expect(pendingUploads(storage).map((u) => u.id)).toEqual(["c", "d"]);
    }
    delete answers.c;
    expect(await sendUploads(storage, post)).toBe(2);
    expect(pendingUploads(storage)).toEqual([]);
  });
});
