/**
 * GET /metrics on a real server: closed without METRICS_TOKEN's bearer, open on the loopback
 * METRICS_PORT, and moving after a hand is played — moves, move → patch, the hand recorded, HTTP
 * requests by route template — with no player, room or hand id among its label values.
 */
import { describe, expect, it } from "vitest";
import { call, pickTrumps, playToEnd } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { players, seenRecorded } from "../test-kit/tables.js";

const TOKEN = "metrics-token-for-this-test-0123";

const h = useServer({ metricsToken: TOKEN, metricsPort: 0 });

/** The value of the series `name{labels}` in Prometheus text (0 when absent). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    total += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return total;
}

async function scrape(): Promise<string> {
  const reply = await call<string>(h.base, "GET", "/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(reply.status).toBe(200);
  expect(reply.headers.get("content-type")).toMatch(/^text\/plain/);
  return reply.body;
}

describe("GET /metrics", () => {
  it("answers only the bearer of METRICS_TOKEN on the main port, and anyone on the loopback METRICS_PORT", async () => {
    expect((await call(h.base, "GET", "/metrics")).status).toBe(401);
    const wrong = await call(h.base, "GET", "/metrics", { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(h.server.metricsPort).not.toBeNull();
    const loopback = await fetch(`http://127.0.0.1:${h.server.metricsPort}/metrics`);
    expect(loopback.status).toBe(200);
    expect(await loopback.text()).toMatch(/^process_cpu_user_seconds_total /m);
    expect((await fetch(`http://127.0.0.1:${h.server.metricsPort}/api/players`)).status).toBe(404);
  });

  it("shows the process, and moves after a hand: moves, move → patch, the hand recorded, tables, HTTP by route", async () => {
    const before = await scrape();
    for (const name of [
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
    ])
      expect(before).toMatch(new RegExp(`^${name} `, "m"));
    const [kim, lee] = await players(h.store, "Kim", "Lee");
    const k = await h.join("joinOrCreate", { mode: "quick", token: kim!.token });
    const l = await h.join("joinOrCreate", { mode: "quick", token: lee!.token });
    await pickTrumps([k, l]);
    const during = await scrape();
    expect(valueOf(during, "yourtrumps_tables", { mode: "quick", phase: "playing" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(during, "yourtrumps_clients", { kind: "table" })).toBeGreaterThanOrEqual(2);
    const handId = seenRecorded(k).handId;
    const end = await playToEnd([k, l]);
    await expect
      .poll(async () => valueOf(await scrape(), "yourtrumps_hands_recorded_total", { mode: "quick" }))
      .toBeGreaterThan(valueOf(before, "yourtrumps_hands_recorded_total", { mode: "quick" }));
    await call(h.base, "GET", `/api/players/${kim!.id}`);
    const after = await scrape();
    expect(valueOf(after, "yourtrumps_moves_total", { by: "person" })).toBeGreaterThanOrEqual(
      valueOf(before, "yourtrumps_moves_total", { by: "person" }) + end.seq,
    );
    expect(valueOf(after, "yourtrumps_move_to_patch_seconds_count")).toBeGreaterThan(
      valueOf(before, "yourtrumps_move_to_patch_seconds_count"),
    );
    expect(valueOf(after, "yourtrumps_journal_commit_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
    expect(valueOf(after, "yourtrumps_db_query_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
    expect(valueOf(after, "yourtrumps_database_up")).toBe(1);
    const playerPages = { method: "GET", route: "/api/players/:id", status: "200" };
    // The registry is the process's: other servers of the same test process may have counted before.
    expect(valueOf(after, "yourtrumps_http_requests_total", playerPages)).toBe(
      valueOf(before, "yourtrumps_http_requests_total", playerPages) + 1,
    );
    expect(valueOf(after, "yourtrumps_http_requests_total", { route: "/matchmake/joinOrCreate" })).toBeGreaterThan(0);
    for (const id of [kim!.id, lee!.id, k.roomId, handId]) expect(after).not.toContain(id);
  });

  it("counts a refused message by its code", async () => {
    const room = await h.join("create", { mode: "computer", players: 2 });
    const before = await scrape();
    room.send("move", { card: "nonsense" });
    await expect
      .poll(async () => valueOf(await scrape(), "yourtrumps_refusals_total"))
      .toBeGreaterThan(valueOf(before, "yourtrumps_refusals_total"));
  });
});
