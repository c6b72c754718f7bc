/** Tournament worker thread: plays the GameSpecs it is sent and posts back their results. */
import { parentPort } from "node:worker_threads";
import { playGame } from "./game.js";
import type { GameSpec } from "./game.js";

parentPort?.on("message", (msg: { id: number; spec: GameSpec }) => {
  try {
    parentPort!.postMessage({ id: msg.id, ok: true, result: playGame(msg.spec) });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
