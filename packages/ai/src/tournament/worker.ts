/** Tournament worker thread: plays the GameSpecs it is sent (loading the builds they name) and posts back their results. */
import { parentPort } from "node:worker_threads";
import { loadBuilds, playGame } from "./game.js";
import type { ChooseSync, GameSpec } from "./game.js";

const builds = new Map<string, ChooseSync>();

parentPort?.on("message", (msg: { id: number; spec: GameSpec }) => {
  loadBuilds(msg.spec, builds)
    .then(() => parentPort!.postMessage({ id: msg.id, ok: true, result: playGame(msg.spec, builds) }))
    .catch((e: unknown) =>
      parentPort!.postMessage({ id: msg.id, ok: false, error: e instanceof Error ? e.message : String(e) }),
    );
});
