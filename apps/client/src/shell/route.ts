/**
 * The page's address as a typed `Route`: parsed here once, and written only here. Every
 * other module asks `currentRoute()` and says where to go with `go(route)`; none reads
 * `location.search`/`hash` or calls `history.pushState` itself, so one place knows every
 * address the client makes and reads.
 */

/** The pages over the lobby, each with a hash of its own (`#rules`). */
export const PAGES = [
  "rules",
  "history",
  "leaderboard",
  "arenas",
  "player",
  "arena",
  "mod",
  "account",
  "signin",
] as const;
export type PageName = (typeof PAGES)[number];

/** A player's id as the address carries it (`#player=<id>`). */
const PLAYER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An arena's id as the address carries it (`#arena=<id>`: the server's base64url ids). */
const ARENA_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** The pages whose hash carries an id (`#player=<id>`, `#arena=<id>`). */
type IdPage = "player" | "arena";

/** A device-link code as a scanned link carries it (`#account=K7Q2MZ4P`). */
const LINK_CODE = /^[0-9A-Za-z]{4,12}$/;

/** Where the address says the page is. */
export type Route =
  | { kind: "lobby"; joinCode: string } // `/` or `?table=CODE` (a private table's link: the code filled in)
  | { kind: "page"; page: Exclude<PageName, IdPage | "mod" | "account"> } // `#rules`, `#history`, `#leaderboard`, `#signin`, `#arenas`
  | { kind: "player"; playerId: string } // `#player=<id>`
  | { kind: "mod"; playerId: string | null } // `#mod`: the moderators' open reports and audit log; `#mod=<id>`: a player's file
  | { kind: "account"; linkCode: string } // `#account`, or `#account=CODE` (a device's link, scanned: the code filled in)
  | { kind: "arena"; arenaId: string } // `#arena=<id>`: an arena tournament's page
  | { kind: "watch"; roomId: string } // `?watch=<roomId>`: a table from no seat
  | { kind: "tv" } // `?tv`: the best game on now
  | { kind: "puzzle"; which: string } // `?puzzle=<id|daily|next|streak>`
  | { kind: "replay"; gameId: string; review: boolean }; // `?game=<id>[&review=1]`

/** The lobby with nothing filled in. */
export const LOBBY: Route = { kind: "lobby", joinCode: "" };

/** Reads a route from an address's query and hash (`?a=b`, `#x`); anything unknown is the lobby. */
export function parseRoute(search: string, hash: string): Route {
  const params = new URLSearchParams(search);
  const game = params.get("game");
  if (game) return { kind: "replay", gameId: game, review: params.get("review") === "1" };
  const puzzle = params.get("puzzle");
  if (puzzle) return { kind: "puzzle", which: puzzle };
  if (params.has("tv")) return { kind: "tv" };
  const watch = params.get("watch");
  if (watch) return { kind: "watch", roomId: watch };
  const h = hash.replace(/^#/, "");
  if (h.startsWith("player=")) {
    const playerId = h.slice("player=".length);
    if (PLAYER_ID.test(playerId)) return { kind: "player", playerId };
  }
  if (h.startsWith("arena=")) {
    const arenaId = h.slice("arena=".length);
    if (ARENA_ID.test(arenaId)) return { kind: "arena", arenaId };
  }
  if (h === "mod") return { kind: "mod", playerId: null };
  if (h.startsWith("mod=") && PLAYER_ID.test(h.slice("mod=".length))) return { kind: "mod", playerId: h.slice(4) };
  if (h === "account") return { kind: "account", linkCode: "" };
  if (h.startsWith("account=")) {
    const code = h.slice("account=".length);
    if (LINK_CODE.test(code)) return { kind: "account", linkCode: code.toUpperCase() };
  }
  const page = PAGES.find((p) => p === h);
  if (page && page !== "player" && page !== "arena" && page !== "mod" && page !== "account")
    return { kind: "page", page };
  return { kind: "lobby", joinCode: (params.get("table") ?? "").toUpperCase() };
}

/** The address of a route, relative to the client's own path (`pathname`, e.g. `/` or `/game/`). */
export function routeHref(route: Route, pathname: string): string {
  switch (route.kind) {
    case "lobby":
      return route.joinCode ? `${pathname}?${new URLSearchParams({ table: route.joinCode })}` : pathname;
    case "page":
      return `${pathname}#${route.page}`;
    case "player":
      return `${pathname}#player=${route.playerId}`;
    case "arena":
      return `${pathname}#arena=${route.arenaId}`;
    case "mod":
      return route.playerId === null ? `${pathname}#mod` : `${pathname}#mod=${route.playerId}`;
    case "account":
      return route.linkCode ? `${pathname}#account=${route.linkCode}` : `${pathname}#account`;
    case "watch":
      return `${pathname}?${new URLSearchParams({ watch: route.roomId })}`;
    case "tv":
      return `${pathname}?tv`;
    case "puzzle":
      return `${pathname}?${new URLSearchParams({ puzzle: route.which })}`;
    case "replay": {
      const query = new URLSearchParams({ game: route.gameId });
      if (route.review) query.set("review", "1");
      return `${pathname}?${query}`;
    }
    default: {
      const never: never = route;
      return never;
    }
  }
}

/** Whether two routes name the same address. */
export function sameRoute(a: Route, b: Route): boolean {
  return routeHref(a, "") === routeHref(b, "");
}

let current: Route | null = null;

/** The route the page is at: the address parsed at load, then whatever `go` last wrote or Back restored. */
export function currentRoute(): Route {
  return (current ??= parseRoute(location.search, location.hash));
}

/**
 * Makes the address say `route`: `push` adds a history entry (Back returns to the one
 * before), `replace` rewrites the current one (a reload lands there, Back skips it).
 */
export function go(route: Route, how: "push" | "replace" = "replace"): void {
  current = route;
  const href = routeHref(route, location.pathname);
  if (how === "push") history.pushState({ route }, "", href);
  else history.replaceState({ route }, "", href);
}

/** The browser's Back: the entry before (`onRouteChange` hears where it landed). */
export function goBack(): void {
  history.back();
}

/** Loads the route as a new document (a replay's Back to the game page, an invitation accepted on a replay). */
export function load(route: Route): void {
  location.assign(routeHref(route, location.pathname));
}

/** Calls `listener` with the route Back or Forward landed on. */
export function onRouteChange(listener: (route: Route) => void): void {
  addEventListener("popstate", () => {
    current = parseRoute(location.search, location.hash);
    listener(current);
  });
}

/** The full link to a route, for sending to someone (a private table's invitation). */
export function shareLink(route: Route): string {
  return `${location.origin}${routeHref(route, location.pathname)}`;
}
