import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface ChunkSize {
  file: string;
  kind: "phaser" | "colyseus" | "ai-worker" | "review-worker" | "puzzles" | "ours" | "css" | "html"; // ai-worker: the computer players' Web Worker, loaded with the first local table; review-worker: the replay's analyser, loaded by Review; puzzles: the shipped puzzle set (data), loaded by the puzzle page offline
  bytes: number;
  gzip: number;
}

/** Every file of a production build with its raw and gzip (level 9) size. */
export function bundleSizes(dist: string): ChunkSize[] {
  const files = [join(dist, "index.html"), ...readdirSync(join(dist, "assets")).map((f) => join(dist, "assets", f))];
  return files.map((path) => {
    const data = readFileSync(path);
    const file = path.slice(dist.length + 1);
    const kind = file.endsWith(".html")
      ? "html"
      : file.endsWith(".css")
        ? "css"
        : /\/phaser-/.test(file)
          ? "phaser"
          : /\/colyseus-/.test(file)
            ? "colyseus"
            : /\/ai-worker-/.test(file)
              ? "ai-worker"
              : /\/review-worker-/.test(file)
                ? "review-worker"
                : /\/shipped-/.test(file)
                  ? "puzzles"
                  : "ours";
    return { file, kind, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
}
