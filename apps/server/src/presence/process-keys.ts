/**
 * What each process wrote into the shared presence, kept beside the shared hashes so it can be
 * taken back when the process dies without saying goodbye (a crash, a SIGKILL, a lost machine):
 * its pages' online counts and its tables' playing marks, under keys named by its Colyseus
 * process id, and the set of processes that wrote any. process-sweeper.ts takes a dead one's back.
 */
import { matchMaker } from "@colyseus/core";

export const WRITERS_KEY = "yt:presence-writers"; // set: the process ids that hold online counts or playing marks

/** hash: playerId → pages connected to this process (its share of yt:online). */
export function onlineOf(processId: string): string {
  return `yt:online-of:${processId}`;
}

/** hash: playerId → roomId of this process's table marking them playing (its share of yt:playing). */
export function playingOf(processId: string): string {
  return `yt:playing-of:${processId}`;
}

/** This process's Colyseus id (what its IPC channel `p:<id>` is named by). */
export function ownProcessId(): string {
  return matchMaker.processId;
}
