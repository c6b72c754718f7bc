/**
 * Test only: loaded into the real server process (`NODE_OPTIONS=--import …`; Node 22
 * strips its types) by process-guard.test.ts, to make faults no client input can make. On SIGUSR2 it reads
 * the fault to inject from the JSON file FAULT_FILE names:
 * { kind: "table-timer", roomId } throws in that table's timer; { kind: "rejection" }
 * leaves a promise rejected with nobody to catch it; { kind: "exceptions", count }
 * throws that many times from plain timers, outside every table.
 */
import { readFileSync } from "node:fs";
import { matchMaker } from "@colyseus/core";

type Fault = { kind: "table-timer"; roomId: string } | { kind: "rejection" } | { kind: "exceptions"; count: number };

process.on("SIGUSR2", () => {
  const fault = JSON.parse(readFileSync(process.env.FAULT_FILE ?? "", "utf8")) as Fault;
  if (fault.kind === "table-timer") {
    matchMaker.getLocalRoomById(fault.roomId)?.clock.setTimeout(() => {
      throw new Error("injected fault in a table's timer");
    }, 0);
  } else if (fault.kind === "rejection") {
    void Promise.reject(new Error("injected unhandled rejection"));
  } else if (fault.kind === "exceptions") {
    for (let i = 0; i < fault.count; i++) {
      setTimeout(() => {
        throw new Error(`injected uncaught exception ${i + 1}`);
      }, 0);
    }
  }
});
