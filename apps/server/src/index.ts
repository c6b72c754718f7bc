/**
 * @yourtrumps/server — the Your Trumps game server (Colyseus 0.18). `startServer`
 * boots it in-process (tests and programs; `main.ts` is the process). The wire
 * protocol is `@yourtrumps/protocol`; the synced state's schema is
 * `@yourtrumps/server/state`, which loads without the server (clients import its types).
 */
export { startServer } from "./server.js";
export type { StartOptions, RunningServer } from "./server.js";
export { readEnv, ConfigError } from "./config.js";
export type { EnvConfig } from "./config.js";
export type { ComputerPlayers } from "./table/computer.js";
