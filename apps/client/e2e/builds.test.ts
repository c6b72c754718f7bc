import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleSizes } from "../bench/bundle.js";
import { CLIENT_DIR } from "./harness.js";

/** Reads every JavaScript chunk of a build (npm test builds both before running). */
function scripts(dist: string): string {
  const assets = join(CLIENT_DIR, dist, "assets");
  return readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(join(assets, f), "utf8"))
    .join("\n");
}

describe("builds", () => {
  it("the test hook exists only in the e2e build", () => {
    expect(scripts("dist-e2e")).toContain("__yt");
    expect(scripts("dist")).not.toContain("__yt");
  });

  it("Phaser has its own chunk and our code stays under 150 KB gzip", () => {
    const chunks = bundleSizes(join(CLIENT_DIR, "dist"));
    expect(chunks.filter((c) => c.kind === "phaser")).toHaveLength(1);
    const ours = chunks.filter((c) => c.kind !== "phaser" && c.kind !== "colyseus").reduce((s, c) => s + c.gzip, 0);
    expect(ours).toBeLessThan(150 * 1024);
  });
});
