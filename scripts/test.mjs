#!/usr/bin/env node
// `npm test` after the provisioning: every package built, then three lanes at once, each line
// of their output prefixed with its lane's name.
//
//   server   the server's tests (one file at a time: many start processes and databases)
//   client   the client's tests (unit tests, then the browser tests one file at a time)
//   checks   the strict typecheck of every package, ESLint, Prettier's check, then the tests of
//            engine, ai and protocol
//
// The server's and the client's suites are the long ones, and they start as soon as the build
// is done; the checks and the short suites run beside them. The server's suite waits on
// processes and timers more than it computes, so the third lane costs the others little, where
// running it first (or in a turbo pool that may start it before them) made every run longer by
// its length. Every lane runs to its end; the exit code is 1 when any step failed, and the
// failed steps are named last.
import { spawn } from "node:child_process";

const bin = (pkg) => ["npm", ["run", "--silent", pkg.script, "-w", pkg.workspace]];

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
async function lane(name, steps) {
  for (const [what, command] of steps) {
    if (!(await run(name, command))) failed.push(`${name}: ${what}`);
  }
}

const turbo = (args) => ["turbo", [...args, "--output-logs=errors-only"]];

if (!(await run("build", turbo(["run", "build"])))) {
  console.error("the build failed: no test was run");
  process.exit(1);
}

await Promise.all([
  lane("server", [["tests", bin({ script: "test", workspace: "@yourtrumps/server" })]]),
  lane("client", [["tests", bin({ script: "test", workspace: "@yourtrumps/client" })]]),
  lane("checks", [
    ["typecheck", turbo(["run", "typecheck", "--only", "--concurrency=1"])],
    ["eslint", ["eslint", ["--max-warnings", "0", "."]]],
    ["prettier", ["prettier", ["--check", "--log-level", "warn", "."]]],
    ["engine tests", bin({ script: "test", workspace: "@yourtrumps/engine" })],
    ["ai tests", bin({ script: "test", workspace: "@yourtrumps/ai" })],
    ["protocol tests", bin({ script: "test", workspace: "@yourtrumps/protocol" })],
  ]),
]);

if (failed.length > 0) {
  console.error(`\nfailed:\n${failed.map((f) => `  ${f}\n`).join("")}`);
  process.exit(1);
}
console.log("\nevery step passed");
