/**
 * The worker-thread entry (package export "./worker"): answers WorkerRequest messages
 * with WorkerReply messages, so a server can think off its event loop. AiPool starts
 * these; a host may also start one itself with `new Worker(resolve("@yourtrumps/ai/worker"))`.
 */
import { parentPort } from "node:worker_threads";
import { handleRequest } from "./protocol.js";
import type { WorkerRequest } from "./protocol.js";

export type { WorkerRequest, WorkerReply } from "./protocol.js";
export { handleRequest } from "./protocol.js";

parentPort?.on("message", (req: WorkerRequest) => {
  parentPort!.postMessage(handleRequest(req));
});
