/** The CPU time of a PostgreSQL server, read from /proc, for benchmarks that weigh its work beside their own. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** CPU ms of the PostgreSQL server on `port`: the postmaster, its live backends, and those gone (its children's times). */
export function postgresCpuMs(port: number): number {
  const tick = 1000 / 100; // USER_HZ
  const stat = (pid: string): string[] | null => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, "utf8");
      return text.slice(text.lastIndexOf(")") + 2).split(" "); // from field 3 (state) on
    } catch {
      return null;
    }
  };
  const pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  const postmaster = pids.find((p) => {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0");
      return (
        path.basename(cmd[0] ?? "") === "postgres" && cmd.includes("-p") && cmd[cmd.indexOf("-p") + 1] === String(port)
      );
    } catch {
      return false;
    }
  });
  if (postmaster === undefined) return NaN;
  let ticks = 0;
  const own = stat(postmaster);
  if (own) ticks += Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]); // utime stime cutime cstime
  for (const p of pids) {
    const s = stat(p);
    if (s && s[1] === postmaster) ticks += Number(s[11]) + Number(s[12]);
  }
  return ticks * tick;
}
