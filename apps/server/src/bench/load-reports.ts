/**
 * The figures the load benchmark's processes send it (bench.ts forks them): the load's
 * clients, each server process, its memory, and the hands on record.
 */
import type { ProcessMemory } from "./child-ipc.js";
import { round } from "./stats.js";

/** What the load process (load.ts) reports of its clients. */
export interface LoadReport {
  latenciesMs: number[];
  moves: number;
  ownMoves: number;
  hands: number;
  handsAll: number; // finished over the whole run
  handsInPlay: number; // tables whose hand was in play when the clients left
  seconds: number;
  clients: number;
  clientEventLoopP99Ms: number;
  turnsInHandMean: number; // how many turns into their hands the tables in play were when measuring ended
  refused: number; // moves the server answered with an error (a client's decoded state was wrong)
  cameBack: number; // clients told to come back that got their seat back on another process
}
/** What a server process (server-proc.ts) reports of itself while measuring. */
export interface ServerReport {
  eventLoopP50Ms: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  baselineRss: number;
  peakRss: number;
  handlingP50Ms: number;
  handlingP99Ms: number;
  cpuMs: number; // the server process's CPU time (all threads) while measuring
  cpuSystemMs: number; // of it, in the kernel
  gcMs: number; // garbage-collection pauses of its main thread, summed
  gcMaxMs: number; // the longest of them
  peakQueued: number; // hand records waiting for the database, at most (sampled every 250 ms)
  localTables: number; // tables living in this process when measuring ended
  localClients: number;
}

/** A server process's memory idle and after measuring (tables still seated), garbage collected. */
export interface MemoryReport {
  baseline: ProcessMemory;
  settled: ProcessMemory;
  tables: number;
}

/** Memory a table, in KB: what the seated tables added over the idle process, by kind. */
export function perTable(m: MemoryReport): {
  rssKB: number;
  heapKB: number;
  heapFreeKB: number;
  arrayBuffersKB: number;
  otherKB: number;
  youngGrowthMB: number;
} {
  const kb = (key: keyof ProcessMemory): number => (m.settled[key] - m.baseline[key]) / 1024 / Math.max(1, m.tables);
  return {
    rssKB: round(kb("rss"), 0),
    heapKB: round(kb("heapUsed"), 1),
    arrayBuffersKB: round(kb("arrayBuffers"), 1),
    heapFreeKB: round(kb("heapPhysical") - kb("heapUsed") - kb("young"), 1), // free space in the old generation's pages
    otherKB: round(kb("rss") - kb("heapPhysical") - kb("arrayBuffers"), 1), // resident beyond V8's heap and the buffers: native objects, the allocator's free chunks
    youngGrowthMB: round((m.settled.young - m.baseline.young) / 2 ** 20, 1),
  };
}

/** What a server process reports of the hands on record once its clients have left. */
export interface RecordsReport {
  recordsByReason: Record<string, number>; // hands on record, by result reason
  recordsWithoutMoves: number; // of them, hands dealt and called off before a move
  recordsUnwritten: number; // still queued after the flush
  recordedHere: Record<string, number>; // hands this process recorded, by result reason
}
