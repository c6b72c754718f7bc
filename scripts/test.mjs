#!/usr/bin/env node
// Every package's tests, in two lanes, one per core; each line of their output prefixed with
// its lane's name:
//
//   server   the server's tests (one file at a time: many start processes and databases)
//   others   the tests of engine, protocol and ai, then the client's (unit tests, then the browser
//            tests one file at a time)
//
// The server's suite is the longest, so it starts first, as soon as the build is done; the
// others, together about as long, run beside it. (A turbo pool started the short suites first and
// the server's after them, every run longer by their length.) Every lane runs to its end; the
// exit code is 1 when any step failed, and the failed steps are named last.
import { spawn } from "node:child_process";

const npmTest = (workspace) => ["npm", ["run", "--silent", "test", "-w", workspace]];

/** Runs `command` with `args`, its lines prefixed with `lane`; resolves true when it exits 0. */
function run(lane, [command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "1" },
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = "";
      from.setEncoding("utf8");
      from.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        if (lines.length > 0) to.write(lines.map((l) => `${lane}: ${l}\n`).join(""));
      });
      from.on("end", () => {
        if (rest !== "") to.write(`${lane}: ${rest}\n`);
      });
    }
    child.on("error", (e) => {
      process.stderr.write(`${lane}: ${command} could not start: ${e.message}\n`);
      resolve(false);
    });
    child.on("close", (code) => resolve(code === 0));
  });
}

const failed = [];

/** Runs the steps of one lane in order; a failed step is noted and the lane goes on. */
async function lane(name, workspaces) {
  for (const workspace of workspaces) {
    if (!(await run(name, npmTest(workspace)))) failed.push(`${name}: ${workspace}`);
  }
}

if (!(await run("build", ["turbo", ["run", "build", "--output-logs=errors-only"]]))) {
  console.error("the build failed: no test was run");
  process.exit(1);
}

await Promise.all([
  lane("server", ["@yourtrumps/server"]),
  lane("others", ["@yourtrumps/engine", "@yourtrumps/protocol", "@yourtrumps/ai", "@yourtrumps/client"]),
]);

if (failed.length > 0) {
  console.error(`\nfailed:\n${failed.map((f) => `  ${f}\n`).join("")}`);
  process.exit(1);
}
console.log("\nevery package's tests passed");
