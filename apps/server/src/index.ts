/**
 * @yourtrumps/server — the Your Trumps game server (Colyseus 0.18).
 * `startServer` boots it; the protocol and the state schema are re-exported for
 * clients and bots (`@yourtrumps/server/state` and `/protocol` load without the server).
 */
export { startServer } from "./server.js";
export type { StartOptions, RunningServer } from "./server.js";
export { readEnv, ConfigError } from "./config.js";
export type { EnvConfig } from "./config.js";
export type { ComputerPlayers } from "./room/computer.js";
export * from "./protocol.js";
export { TableState, Seat, LastMove, Result } from "./state/table-state.js";
