/**
 * The worker-thread entry (package export "./worker"): answers WorkerRequest messages
 * with WorkerReply messages, so a server can think off its event loop. AiPool starts
 * these; a host may also start one itself with `new Worker(resolve("@yourtrumps/ai/worker"))`.
 */
import { parentPort } from "node:worker_threads";
import { handleRequest } from "./worker-messages.js";
import type { WorkerRequest } from "./worker-messages.js";

export type { WorkerRequest, WorkerReply } from "./worker-messages.js";
export { handleRequest } from "./worker-messages.js";

parentPort?.on("message", (req: WorkerRequest) => {
  parentPort!.postMessage(handleRequest(req));
});
