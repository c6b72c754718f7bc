#!/usr/bin/env node
// Provisions the system packages the tests need; `npm test` runs it first.
//
// Every entry of NEEDS is checked. When all are present it prints nothing and exits 0.
// When some are missing and this process is root with apt-get, it installs them
// (apt-get update once, then one apt-get install of them all, without recommended packages)
// and checks again; otherwise it exits 1 with one message naming the command to run. No
// test is ever skipped for want of them.
//
// The install does only what the tests need, since it is most of a bare machine's set-up
// time: no package index translations, no fsync per unpacked file (dpkg's unsafe-io: a
// crash mid-install is redone by running it again), no manual-page index rebuilt, and no
// PostgreSQL "main" cluster created and started (the tests start their own servers).
//
// Plain Node ESM without dependencies, so it runs on any Node (also the machine's own).
import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";

/** An executable file at this path. */
function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A command found on PATH. */
function onPath(name) {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => dir !== "" && executable(join(dir, name)));
}

/** `dir/<any version>/rest` is executable, e.g. /usr/lib/postgresql/16/bin/postgres. */
function inVersionDir(dir, rest) {
  try {
    return readdirSync(dir).some((version) => executable(join(dir, version, rest)));
  } catch {
    return false;
  }
}

/** The Debian package is installed (`dpkg -s` also succeeds for removed packages with leftover config). */
function dpkgInstalled(pkg) {
  const r = spawnSync("dpkg-query", ["-W", "-f=${Status}", pkg], { encoding: "utf8" });
  return r.status === 0 && r.stdout === "install ok installed";
}

// What the tests need: the Debian package that provides each thing, and how to tell it is there.
// `needed: false` marks an entry that is known but not required yet.
const NEEDS = [
  {
    apt: "chromium", // browser tests and the client benchmark: apps/client/e2e/harness.ts launches CHROMIUM_PATH or /usr/bin/chromium
    present: () => executable(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"),
  },
  {
    apt: "redis-server", // the two-process scaling test: apps/server spawns redis-server from PATH
    present: () => onPath("redis-server"),
  },
  {
    apt: "fonts-noto-core", // Bengali glyphs in the browser tests
    present: () => dpkgInstalled("fonts-noto-core"),
  },
  {
    apt: "postgresql", // the storage tests and bench start a real PostgreSQL server beside PGlite
    present: () =>
      inVersionDir("/usr/lib/postgresql", "bin/postgres") && inVersionDir("/usr/lib/postgresql", "bin/initdb"),
  },
];

const missing = () => NEEDS.filter((need) => need.needed !== false && !need.present()).map((need) => need.apt);

const lacking = missing();
if (lacking.length === 0) process.exit(0);

const list = lacking.join(" ");
const isRoot = process.getuid?.() === 0;
const hasApt = onPath("apt-get");

if (!isRoot || !hasApt) {
  const command = `${isRoot ? "" : "sudo "}apt-get install -y --no-install-recommends ${list}`;
  const how = hasApt
    ? `Run: ${command}`
    : `Install them with the system's package manager (on Debian or Ubuntu: ${command})`;
  console.error(`Missing for the tests: ${lacking.join(", ")}. ${how}`);
  process.exit(1);
}

console.error(`provision: installing ${lacking.join(", ")} (apt-get) for the tests…`);
const started = Date.now();
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
const run = (args) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
spawnSync("debconf-set-selections", { input: "man-db man-db/auto-update boolean false\n", env });
if (lacking.includes("postgresql")) {
  mkdirSync("/etc/postgresql-common/createcluster.d", { recursive: true });
  writeFileSync(
    "/etc/postgresql-common/createcluster.d/no-main-cluster.conf",
    "# Written by Your Trumps' scripts/provision.mjs: the tests start PostgreSQL servers of their own.\ncreate_main_cluster = false\n",
  );
}
const installed =
  run(["update", "-qq", "-o", "Acquire::Languages=none"]) &&
  run(["install", "-y", "-qq", "--no-install-recommends", "-o", "Dpkg::Options::=--force-unsafe-io", ...lacking]);
const still = missing();
if (!installed || still.length > 0) {
  const detail = [installed ? "" : "apt-get failed", still.length > 0 ? `still missing: ${still.join(", ")}` : ""];
  console.error(
    `provision: FAILED to install ${list} (${detail.filter(Boolean).join("; ")}). The tests need them; see apt-get's output above.`,
  );
  process.exit(1);
}
console.error(`provision: installed ${lacking.join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
