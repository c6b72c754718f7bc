import type { Fetch } from "./api.js";

/** A request the fake API was sent. */
export interface SentRequest {
  method: string;
  path: string; // with the query
  authorization: string | null;
  body: unknown;
}

/**
 * A stand-in for the server's HTTP API, for unit tests: guest players by token, their
 * profiles, one page of history and the leaderboard, in the shapes the real API answers.
 * `down` makes every call fail as an unreachable server does.
 */
export function fakeApi() {
  const players = new Map<string, { id: string; name: string }>(); // by token
  const sent: SentRequest[] = [];
  const state = { down: false, made: 0 };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const profile = (p: { id: string; name: string }) => ({
    id: p.id,
    name: p.name,
    createdAt: "2026-12-01T09:00:00.000Z",
    ratings: {
      duel: { rating: 1500, rd: 500, provisional: true, games: 0 },
      multi: { rating: 1500, rd: 500, provisional: true, games: 0 },
    },
    record: { won: 1, drawn: 0, lost: 2 },
    records: { duel: { won: 1, drawn: 0, lost: 1 }, multi: { won: 0, drawn: 0, lost: 1 } },
  });

  const fetch: Fetch = (url, init) => new Promise((ok) => ok(answer(url, init))); // a throw in answer() rejects, as fetch does

  function answer(url: string, init: RequestInit): Response {
    const { pathname, search } = new URL(url);
    const headers = new Headers(init.headers);
    const method = init.method ?? "GET";
    const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    sent.push({ method, path: pathname + search, authorization: headers.get("Authorization"), body });
    if (state.down) throw new TypeError("Failed to fetch");
    const me = players.get(headers.get("Authorization")?.replace(/^Bearer /, "") ?? "");
    const route = `${method} ${pathname}`;
    if (route === "POST /api/players") {
      const id = `player-${++state.made}`;
      const name = (body as { name?: string }).name ?? `Guest ${state.made}`;
      players.set(`token-${state.made}`, { id, name });
      return json(201, { id, token: `token-${state.made}`, name, profile: profile({ id, name }) });
    }
    if (route === "GET /api/me" || route === "PATCH /api/me") {
      if (!me) return json(401, { error: "unknown token" });
      if (method === "PATCH") {
        const { name: asked } = body as { name?: unknown };
        const name = typeof asked === "string" ? asked.trim() : "";
        if (!name) return json(400, { error: "a name needs at least one visible character" });
        me.name = name.slice(0, 24);
      }
      return json(200, profile(me));
    }
    if (method === "GET" && /^\/api\/players\/[^/]+\/games$/.test(pathname)) {
      return json(200, {
        games: [
          {
            id: "hand-1",
            mode: "computer",
            players: 2,
            result: { reason: "out", loser: 1, places: [1, 2] },
            seat: 0,
            place: 1,
            outcome: "won",
            opponents: [{ seat: 1, name: "Computer", playerId: null, computer: "easy" }],
            endedAt: "2026-12-01T10:00:00.000Z",
          },
        ],
        next: null,
      });
    }
    if (route === "GET /api/leaderboard")
      return json(200, { kind: new URLSearchParams(search).get("kind"), players: [] });
    return json(404, { error: "no such call" });
  }

  return { fetch, sent, players, state };
}
