import { regionalLocale, t } from "../i18n/index.js";
import type { PresenceStatus } from "@yourtrumps/protocol";
import type { HistoryWithLocal } from "../local/local-hands.js";
import type { LeaderboardRow, Profile } from "../net/api-bodies.js";
import type { PuzzleStats } from "../net/puzzle-bodies.js";
import { el } from "./dom.js";
import { renderHistoryPage } from "../pages/history-page.js";
import type { Board } from "../pages/leaderboard-boards.js";
import { renderLeaderboardPage } from "../pages/leaderboard-page.js";
import { PlayerPage } from "../pages/player-page.js";
import type { ArenaDetail, ArenaList, ArenaPairedMessage, NewArenaRequest, PlayerArena } from "@yourtrumps/protocol";
import { ArenaPage, type ArenaConnection } from "../arena/arena-page.js";
import { ArenasPage } from "../arena/arenas-page.js";
import type { ArenaLinkEvents } from "../net/arena-link.js";
import { currentRoute, go, goBack, onRouteChange, PAGES, parseRoute, type PageName, type Route } from "./route.js";
import type { Settings } from "./settings.js";

/** The page's fixed DOM nodes that navigation shows and hides (see index.html). */
export interface PageNodes {
  lobby: HTMLElement;
  rules: HTMLElement;
  history: HTMLElement; // "My games"
  leaderboard: HTMLElement;
  player: HTMLElement; // another player's page (#player=<id>)
  arenas: HTMLElement; // the Tournaments page (#arenas)
  arena: HTMLElement; // an arena's page (#arena=<id>)
  table: HTMLElement; // the canvas parent
  toolbar: HTMLElement; // the table's ⚙ menu
  banner: HTMLElement; // the private table's code and link; the table shows it while seats are free
}

/** The lobby button that opens each page: the focus returns to it. */
const OPENER: Record<PageName, string> = {
  rules: "open-rules",
  history: "open-history",
  leaderboard: "open-leaderboard",
  player: "open-leaderboard",
  arenas: "open-arenas",
  arena: "open-arenas",
};

/** The pages drawn by a controller of their own (a Mount), emptied by it rather than here. */
const MOUNTED: readonly PageName[] = ["player", "arenas", "arena"];

/** What navigation needs from the rest of the page. */
export interface NavigationHost {
  settings(): Settings;
  lobby: { show(focusId: string): void; hide(): void }; // the front page (lobby/lobby-ctrl.ts)
  playerId(): string | null; // the confirmed player, for the leaderboard's own row
  games(before: string | null): Promise<HistoryWithLocal>;
  leaderboard(kind: Board): Promise<LeaderboardRow[]>; // a game rating kind's board, or the puzzles'
  challenge(playerId: string, rated: boolean): void; // invites that player to a duel, rated or casual (their row's Challenge)
  presence(ids: readonly string[]): Promise<Record<string, PresenceStatus>>; // who of them is online
  player(playerId: string): Promise<Profile>; // another player's public profile
  puzzleStats(playerId: string): Promise<PuzzleStats>;
  arenas(): Promise<ArenaList>;
  playerArenas(playerId: string): Promise<PlayerArena[]>;
  arena(arenaId: string): Promise<ArenaDetail>; // with the player's token: their own line
  createArena(request: NewArenaRequest): Promise<{ id: string }>;
  joinArena(arenaId: string, events: ArenaLinkEvents): Promise<ArenaConnection>;
  playArena(paired: ArenaPairedMessage): void; // takes the pairing's seat: the table shows
  watch(roomId: string): void; // the featured table, from no seat
  arenaMinMinutes: number;
}

/**
 * Which page the player sees: the lobby, one of the pages over it (rules, "My games",
 * leaderboard) or the table, one at a time. The lobby and the pages are drawn here; the
 * table draws itself (TableController) and only asks to be shown. Each page has a
 * history entry (`#history`), so the browser's and the phone's Back button leave it as
 * its own Back button and Escape do. The rules page is loaded on first use: most visits
 * never open it.
 */
export class Navigation {
  private page: PageName | null = null; // the page showing, null for the lobby or the table
  private pushed = false; // the page's history entry sits on top of the lobby's: Back is history.back()
  private playerShown = ""; // whose page "player" shows
  private playerPage: PlayerPage | null = null; // the player's page while it shows
  private arenasPage: ArenasPage | null = null; // the Tournaments page while it shows
  private arenaShown = ""; // which arena "arena" shows
  private arenaPage: ArenaPage | null = null; // the arena the player is on the page of (kept while they play its hand)

  constructor(
    private readonly nodes: PageNodes,
    private readonly host: NavigationHost,
    private readonly joinCode: string, // from a `?table=CODE` link: the lobby opens with it filled in
  ) {
    onRouteChange((route) => this.popped(route));
    for (const name of PAGES) {
      nodes[name].addEventListener("keydown", (e) => {
        if (e.key !== "Escape") return;
        e.preventDefault();
        this.back();
      });
    }
  }

  /** Draws the lobby afresh (in the current language) and shows it, the focus on `focusId` if given. */
  toLobby(focusId = ""): void {
    this.page = null;
    this.leavePlayer();
    this.leaveArena();
    this.pushed = false;
    this.hidePages();
    this.nodes.table.hidden = true;
    this.nodes.toolbar.hidden = true;
    this.nodes.banner.hidden = true;
    this.nodes.lobby.hidden = false;
    this.host.lobby.show(focusId);
  }

  /** The page the address names (a reload on `#history`), else the lobby. */
  fromLocation(): void {
    const route = currentRoute();
    if (route.kind === "player") this.showPlayer(route.playerId);
    else if (route.kind === "arena") this.showArena(route.arenaId);
    else if (route.kind === "page") void this.show(route.page);
    else this.toLobby();
  }

  /** Opens a player's page over the lobby or the page showing (a leaderboard row, an opponent in My games): Back returns there. */
  openPlayer(playerId: string): void {
    const route = parseRoute("", `#player=${playerId}`);
    if (route.kind !== "player") return;
    go(route, "push");
    this.pushed = true;
    this.showPlayer(playerId);
  }

  private showPlayer(playerId: string): void {
    this.playerShown = playerId;
    void this.show("player");
  }

  /** Opens an arena's page over the lobby or the Tournaments page: Back returns there. */
  openArena(arenaId: string): void {
    const route = parseRoute("", `#arena=${arenaId}`);
    if (route.kind !== "arena") return;
    go(route, "push");
    this.pushed = true;
    this.showArena(arenaId);
  }

  private showArena(arenaId: string): void {
    if (this.arenaShown !== arenaId) this.leaveArena();
    this.arenaShown = arenaId;
    void this.show("arena");
  }

  /**
   * Back to the arena's page after its hand (the table closed with `arena-hand-over`, or was
   * left): false when the player is in no arena, and the lobby should show.
   */
  backToArena(): boolean {
    if (this.arenaPage === null) return false;
    this.nodes.table.hidden = true;
    this.nodes.toolbar.hidden = true;
    this.nodes.banner.hidden = true;
    go({ kind: "arena", arenaId: this.arenaShown });
    void this.show("arena");
    return true;
  }

  /** Whether the arena the player is in allows berserk (its table's Berserk button). */
  arenaBerserk(): boolean {
    const detail = this.arenaPage?.detail;
    return detail !== undefined && typeof detail !== "string" && detail.berserk;
  }

  /** Pauses in the arena the player is in (the table's Pause after a hand). */
  arenaPause(): void {
    this.arenaPage?.pause();
  }

  /** Opens a page over the lobby, with a history entry of its own. */
  open(page: Exclude<PageName, "player" | "arena">): void {
    go({ kind: "page", page }, "push");
    this.pushed = true;
    void this.show(page);
  }

  /** Leaves the page for the lobby: through the browser's history when the page put an entry there. */
  back(): void {
    if (this.pushed) return goBack(); // popstate brings the lobby
    const opener = this.page ? OPENER[this.page] : "";
    go({ kind: "lobby", joinCode: this.joinCode });
    this.toLobby(opener);
  }

  /**
   * Unhides the table under the lobby, which still covers it: the canvas must have a size
   * when Phaser boots, and it boots while the connection opens.
   */
  tableBehindLobby(): void {
    this.nodes.table.hidden = false;
  }

  /** The table and its menu; the lobby and the pages go. */
  toTable(): void {
    this.page = null;
    this.leavePlayer();
    this.arenasPage?.hide();
    this.arenasPage = null;
    this.arenaPage?.hide(); // off the screen, still in the arena: its hand is this table, and the page comes back after it
    this.nodes.lobby.hidden = true;
    this.host.lobby.hide();
    this.hidePages();
    this.nodes.table.hidden = false;
    this.nodes.toolbar.hidden = false;
  }

  private popped(route: Route): void {
    if (!this.nodes.toolbar.hidden) return; // at the table, history entries are not ours to follow
    if (route.kind === "page" || route.kind === "player" || route.kind === "arena") {
      this.pushed = true; // Forward to a page: its entry is again on top of the lobby's
      if (route.kind === "player") this.playerShown = route.playerId;
      if (route.kind === "arena") return this.showArena(route.arenaId);
      void this.show(route.kind === "page" ? route.page : "player");
    } else if (route.kind === "lobby" && this.page) this.toLobby(OPENER[this.page]);
  }

  private async show(page: PageName): Promise<void> {
    this.leavePlayer();
    this.arenasPage?.hide();
    this.arenasPage = null;
    if (page !== "arena") this.leaveArena();
    else this.arenaPage?.hide(); // drawn afresh below, its connection kept
    const lang = this.host.settings().lang;
    const box = this.nodes[page];
    const back = () => this.back();
    this.page = page;
    switch (page) {
      case "rules": {
        const { renderRules } = await import("../rules-page/index.js");
        if (this.page !== page) return; // left while it loaded
        const button = el("button", { type: "button", id: "rules-back" }, t(lang, "back"));
        button.addEventListener("click", back);
        const body = el("div", {});
        box.replaceChildren(button, body);
        renderRules(body, lang);
        break;
      }
      case "history":
        renderHistoryPage(box, {
          lang,
          locale: regionalLocale(lang, navigator.languages),
          games: (before) => this.host.games(before),
          challenge: (playerId, rated) => this.host.challenge(playerId, rated),
          openPlayer: (playerId) => this.openPlayer(playerId),
          back,
        });
        break;
      case "leaderboard":
        renderLeaderboardPage(box, {
          lang,
          me: this.host.playerId(),
          leaderboard: (kind) => this.host.leaderboard(kind),
          challenge: (playerId, rated) => this.host.challenge(playerId, rated),
          presence: (ids) => this.host.presence(ids),
          openPlayer: (playerId) => this.openPlayer(playerId),
          back,
        });
        break;
      case "player": {
        const shown = this.playerShown;
        this.playerPage = new PlayerPage(box, {
          lang,
          locale: regionalLocale(lang, navigator.languages),
          playerId: shown,
          me: this.host.playerId(),
          profile: (id) => this.host.player(id),
          puzzles: (id) => this.host.puzzleStats(id),
          presence: async (id) => (await this.host.presence([id]))[id] ?? "offline",
          arenas: (id) => this.host.playerArenas(id),
          challenge: (id, rated) => this.host.challenge(id, rated),
          openArena: (id) => this.openArena(id),
          back,
        });
        this.playerPage.show();
        break;
      }
      case "arenas":
        this.arenasPage = new ArenasPage(box, {
          lang,
          locale: regionalLocale(lang, navigator.languages),
          minMinutes: this.host.arenaMinMinutes,
          list: () => this.host.arenas(),
          create: (request) => this.host.createArena(request),
          open: (arenaId) => this.openArena(arenaId),
          back,
        });
        this.arenasPage.show();
        break;
      case "arena":
        this.arenaPage ??= new ArenaPage(box, {
          lang,
          arenaId: this.arenaShown,
          detail: (id) => this.host.arena(id),
          join: (id, events) => this.host.joinArena(id, events),
          play: (paired) => this.host.playArena(paired),
          watch: (roomId) => this.host.watch(roomId),
          openPlayer: (playerId) => this.openPlayer(playerId),
          back,
        });
        this.arenaPage.show();
        break;
      default: {
        const never: never = page;
        return never;
      }
    }
    this.nodes.lobby.hidden = true;
    this.host.lobby.hide();
    this.hidePages(box);
    box.hidden = false;
    box.querySelector<HTMLElement>("#rules-back, #page-back")?.focus();
  }

  /** The player's page goes (its presence timer stops in its view's destroy hook). */
  private leavePlayer(): void {
    this.playerPage?.hide();
    this.playerPage = null;
  }

  /** The arena's page goes for good, and with it the arena room's connection (the player stays in its standings). */
  private leaveArena(): void {
    this.arenaPage?.close();
    this.arenaPage = null;
  }

  /** Hides and empties every page but `keep` (a hidden page's ids would clash with the next one's: `#page-back`). */
  private hidePages(keep: HTMLElement | null = null): void {
    for (const name of PAGES) {
      const node = this.nodes[name];
      if (node === keep) continue;
      node.hidden = true;
      if (!MOUNTED.includes(name)) node.replaceChildren(); // a mounted page is its controller's, emptied by it
    }
  }
}
