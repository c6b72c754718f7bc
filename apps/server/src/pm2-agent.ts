/**
 * Keeps PM2's monitoring agent out of the process. Colyseus' core imports `@pm2/io`
 * whenever it is installed (it is: `@colyseus/tools` depends on it, and
 * `@colyseus/testing` needs the tools) to publish two metrics, and importing it starts
 * the whole agent: handlers for uncaught exceptions and unhandled rejections beside the
 * process guard's (printing each again, and exiting on an exception when it is the last
 * handler), an inspector session, patched `http`, event-loop and V8 metrics polled every
 * second and sent over the process's IPC channel, if it has one: CPU a busy server measurably
 * paid (docs/benchmarks.md). We do not run under PM2. The agent keeps one instance in a global
 * symbol and reuses it when it is already there, so an inert one put there first is all
 * that Colyseus ever gets.
 */
const IO_KEY = Symbol.for("@pm2/io");

/** The part of @pm2/io's API that Colyseus calls, doing nothing. */
const inertAgent = { metric: (): undefined => undefined };

/** Puts the inert agent in @pm2/io's place unless an agent is already there (a process PM2 started on purpose keeps its own). */
export function keepPm2AgentOut(): void {
  const g = globalThis as Record<symbol, unknown>;
  if (g[IO_KEY] === undefined) g[IO_KEY] = inertAgent;
}
