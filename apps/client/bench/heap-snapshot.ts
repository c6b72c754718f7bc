/** A heap snapshot of a page taken through CDP, counted by kind (heap-census.ts, scene-bench.ts). */
import type { CDPSession } from "playwright-core";

export interface Census {
  total: number; // every node's self size, bytes
  js: number; // of which V8's own (every kind but the browser's "native" objects)
  code: number; // of which V8's compiled code and bytecode (kind "code"): grows while functions tier up, then stops
  kinds: Map<string, { count: number; bytes: number }>;
}

/** A heap snapshot (after two forced collections), counted by node kind and name. */
export async function census(cdp: CDPSession): Promise<Census> {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  cdp.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
  const snap = JSON.parse(chunks.join("")) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const kinds = new Map<string, { count: number; bytes: number }>();
  let total = 0;
  let js = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]!]!;
    const name =
      type === "object" || type === "closure" || type === "native"
        ? snap.strings[snap.nodes[i + nameAt]!]!.slice(0, 60)
        : "";
    const key = `${type}${name ? ` ${name}` : ""}`;
    const bytes = snap.nodes[i + sizeAt]!;
    const k = kinds.get(key) ?? { count: 0, bytes: 0 };
    k.count++;
    k.bytes += bytes;
    kinds.set(key, k);
    total += bytes;
    if (type !== "native") js += bytes;
  }
  return { total, js, code: kinds.get("code")?.bytes ?? 0, kinds };
}
