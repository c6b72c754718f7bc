import { describe, expect, it } from "vitest";
import { parseRoute, routeHref, sameRoute, type Route } from "./route.js";

const ID = "0123abcd-0000-4000-8000-00000000beef";

describe("the address as a route", () => {
  it("reads every address the client makes", () => {
    expect(parseRoute("", "")).toEqual({ kind: "lobby", joinCode: "" });
    expect(parseRoute("?table=ab12cd", "")).toEqual({ kind: "lobby", joinCode: "AB12CD" });
    expect(parseRoute("", "#rules")).toEqual({ kind: "page", page: "rules" });
    expect(parseRoute("", "#history")).toEqual({ kind: "page", page: "history" });
    expect(parseRoute("", `#player=${ID}`)).toEqual({ kind: "player", playerId: ID });
    expect(parseRoute("", "#arenas")).toEqual({ kind: "page", page: "arenas" });
    expect(parseRoute("", "#arena=Ab3_-x9Z")).toEqual({ kind: "arena", arenaId: "Ab3_-x9Z" });
    expect(parseRoute("", "#mod")).toEqual({ kind: "mod", playerId: null });
    expect(parseRoute("", `#mod=${ID}`)).toEqual({ kind: "mod", playerId: ID });
    expect(parseRoute("", "#signin")).toEqual({ kind: "page", page: "signin" });
    expect(parseRoute("", "#account")).toEqual({ kind: "account", linkCode: "" });
    expect(parseRoute("", "#account=k7q2mz4p")).toEqual({ kind: "account", linkCode: "K7Q2MZ4P" });
    expect(parseRoute("?watch=room1", "")).toEqual({ kind: "watch", roomId: "room1" });
    expect(parseRoute("?tv", "")).toEqual({ kind: "tv" });
    expect(parseRoute("?puzzle=daily", "")).toEqual({ kind: "puzzle", which: "daily" });
    expect(parseRoute("?game=g1&review=1", "")).toEqual({ kind: "replay", gameId: "g1", review: true });
    expect(parseRoute("?game=g1", "")).toEqual({ kind: "replay", gameId: "g1", review: false });
  });

  it("takes anything it does not know for the lobby", () => {
    expect(parseRoute("?nothing=1", "#player=not-an-id")).toEqual({ kind: "lobby", joinCode: "" });
    expect(parseRoute("", "#arena=a/b")).toEqual({ kind: "lobby", joinCode: "" });
    expect(parseRoute("", "#arena")).toEqual({ kind: "lobby", joinCode: "" });
    expect(parseRoute("", "#player")).toEqual({ kind: "lobby", joinCode: "" });
    expect(parseRoute("", "#mod=nobody")).toEqual({ kind: "lobby", joinCode: "" });
    expect(parseRoute("", "#account=<script>")).toEqual({ kind: "lobby", joinCode: "" });
    expect(parseRoute("?watch=", "#nowhere")).toEqual({ kind: "lobby", joinCode: "" });
  });

  it("writes each route as an address that reads back as the same route", () => {
    const routes: Route[] = [
      { kind: "lobby", joinCode: "" },
      { kind: "lobby", joinCode: "AB12CD" },
      { kind: "page", page: "leaderboard" },
      { kind: "player", playerId: ID },
      { kind: "page", page: "arenas" },
      { kind: "arena", arenaId: "x7Kq_2-A" },
      { kind: "mod", playerId: null },
      { kind: "mod", playerId: ID },
      { kind: "account", linkCode: "" },
      { kind: "account", linkCode: "K7Q2MZ4P" },
      { kind: "page", page: "signin" },
      { kind: "watch", roomId: "a b&c" },
      { kind: "tv" },
      { kind: "puzzle", which: "streak" },
      { kind: "replay", gameId: "g 1", review: true },
    ];
    for (const route of routes) {
      const url = new URL(routeHref(route, "/game/"), "https://example.org");
      expect(url.pathname).toBe("/game/");
      expect(parseRoute(url.search, url.hash)).toEqual(route);
    }
    expect(routeHref({ kind: "lobby", joinCode: "" }, "/")).toBe("/");
    expect(sameRoute({ kind: "tv" }, { kind: "tv" })).toBe(true);
    expect(sameRoute({ kind: "tv" }, { kind: "lobby", joinCode: "" })).toBe(false);
  });
});
