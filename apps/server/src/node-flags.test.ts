import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (file: string): string => readFileSync(path.join(root, file), "utf8");
const startScript = (file: string): string => (JSON.parse(read(file)) as { scripts: { start: string } }).scripts.start;
const flags = SERVER_NODE_FLAGS.join(" ");

describe("the server's node flags", () => {
  it("are the ones `npm start` runs the server with, from the root and from apps/server", () => {
    expect(startScript("package.json")).toContain(`node ${flags} apps/server/dist/main.js`);
    expect(startScript("apps/server/package.json")).toBe(`node ${flags} dist/main.js`);
  });

  it("are the ones the systemd unit runs it with", () => {
    expect(read("deploy/yourtrumps@.service")).toMatch(
      new RegExp(`^ExecStart=/usr/bin/node ${flags} apps/server/dist/main\\.js$`, "m"),
    );
  });
});
