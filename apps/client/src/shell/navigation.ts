import { regionalLocale, t } from "../i18n/index.js";
import type { PresenceStatus } from "@yourtrumps/protocol";
import type { HistoryWithLocal } from "../local/local-hands.js";
import type { LeaderboardRow, Profile } from "../net/api-bodies.js";
import type { PuzzleStats } from "../net/puzzle-bodies.js";
import { Mount, h } from "./view.js";
import { HistoryPage } from "../pages/history-page.js";
import type { Board } from "../pages/leaderboard-boards.js";
import { LeaderboardPage } from "../pages/leaderboard-page.js";
import { PlayerPage } from "../pages/player-page.js";
import type { ArenaDetail, ArenaList, ArenaPairedMessage, NewArenaRequest, PlayerArena } from "@yourtrumps/protocol";
import { ArenaPage, type ArenaConnection } from "../arena/arena-page.js";
import { ArenasPage } from "../arena/arenas-page.js";
import type { ArenaLinkEvents } from "../net/arena-link.js";
import { ModPage, type ModPageHost } from "../pages/mod-page.js";
import {
  currentRoute,
  go,
  goBack,
  onRouteChange,
  PAGES,
  parseRoute,
  routeHref,
  type PageName,
  type Route,
} from "./route.js";
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
  mod: HTMLElement; // the moderators' page (#mod, #mod=<id>)
  account: HTMLElement; // the Account page (#account)
  signin: HTMLElement; // the sign-in page (#signin)
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
  mod: "open-mod",
  account: "open-account",
  signin: "open-sign-in",
};

/** A page drawn by a controller of its own (a view library page): shown, and hidden when left. */
export interface OwnPage {
  show(): void;
  hide(): void; // its view goes, and with it whatever its hooks started
}

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
  isAccount(): boolean; // the page's player has an account (they may create arenas)
  report(player: { playerId: string; name: string }): void; // the Report dialog, from a player's page
  moderator(): boolean; // the page's player has a moderation role (the profile says): their pages link to the moderators'
  moderation: Pick<ModPageHost, "queue" | "file" | "act">; // the moderators' routes, with the page's token
  accountPage(root: HTMLElement, linkCode: string, back: () => void): OwnPage; // account/account-page.ts
  signInPage(root: HTMLElement, back: () => void): OwnPage; // account/sign-in-page.ts
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
  private arenaShown = ""; // which arena "arena" shows
  private arenaPage: ArenaPage | null = null; // the arena the player is on the page of (kept while they play its hand)
  private linkCode = ""; // the code the Account page opens with (a scanned device link)
  private ownPage: OwnPage | null = null; // the page drawn by its own controller while it shows
  private modShown: string | null = null; // whose file the moderators' page shows; null: the open reports
  private modPage: ModPage | null = null; // the moderators' page while it shows

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
    this.leaveOwnPage();
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
    else if (route.kind === "mod") this.showMod(route.playerId);
    else if (route.kind === "account") this.showAccount(route.linkCode);
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

  /** Opens the moderators' page: the open reports (null) or a player's file, with a history entry of its own. */
  openMod(playerId: string | null): void {
    go({ kind: "mod", playerId }, "push");
    this.pushed = true;
    this.showMod(playerId);
  }

  private showMod(playerId: string | null): void {
    this.modShown = playerId;
    if (this.page === "mod" && this.modPage !== null) {
      this.modPage.showing(playerId); // from the queue to a file and back: the same page, its address pushed
      this.nodes.mod.querySelector<HTMLElement>("#page-back")?.focus(); // as a page opened anew has it
    } else void this.show("mod");
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

  /** Opens the Account page over what shows, `linkCode` filled in; Back returns there. */
  openAccount(linkCode = ""): void {
    go({ kind: "account", linkCode }, "push");
    this.pushed = true;
    this.showAccount(linkCode);
  }

  private showAccount(linkCode: string): void {
    this.linkCode = linkCode;
    void this.show("account");
  }

  /** Opens a page over the lobby, with a history entry of its own. */
  open(page: Exclude<PageName, "player" | "account" | "mod" | "arena">): void {
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
    this.leaveOwnPage();
    this.arenaPage?.hide(); // off the screen, still in the arena: its hand is this table, and the page comes back after it
    this.nodes.lobby.hidden = true;
    this.host.lobby.hide();
    this.hidePages();
    this.nodes.table.hidden = false;
    this.nodes.toolbar.hidden = false;
  }

  private popped(route: Route): void {
    if (!this.nodes.toolbar.hidden) return; // at the table, history entries are not ours to follow
    if (route.kind === "arena") {
      this.pushed = true;
      this.showArena(route.arenaId);
    } else if (route.kind === "mod") {
      this.pushed = true;
      this.showMod(route.playerId);
    } else if (route.kind === "page" || route.kind === "player" || route.kind === "account") {
      this.pushed = true; // Forward to a page: its entry is again on top of the lobby's
      if (route.kind === "player") this.playerShown = route.playerId;
      if (route.kind === "account") this.linkCode = route.linkCode;
      void this.show(route.kind === "page" ? route.page : route.kind);
    } else if (route.kind === "lobby" && this.page) this.toLobby(OPENER[this.page]);
  }

  private async show(page: PageName): Promise<void> {
    this.leaveOwnPage();
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
        // The rules themselves are static text the rules page writes once into its node (rules-page/).
        const mount = new Mount(box, () =>
          h("div", [
            h("button#rules-back", { attrs: { type: "button" }, on: { click: back } }, t(lang, "back")),
            h("div.rules-body", { hook: { insert: (v) => renderRules(v.elm as HTMLElement, lang) } }),
          ]),
        );
        this.ownPage = { show: () => mount.redraw(), hide: () => mount.clear() };
        this.ownPage.show();
        break;
      }
      case "history":
        this.ownPage = new HistoryPage(box, {
          lang,
          locale: regionalLocale(lang, navigator.languages),
          games: (before) => this.host.games(before),
          challenge: (playerId, rated) => this.host.challenge(playerId, rated),
          openPlayer: (playerId) => this.openPlayer(playerId),
          back,
        });
        this.ownPage.show();
        break;
      case "leaderboard":
        this.ownPage = new LeaderboardPage(box, {
          lang,
          me: this.host.playerId(),
          leaderboard: (kind) => this.host.leaderboard(kind),
          challenge: (playerId, rated) => this.host.challenge(playerId, rated),
          presence: (ids) => this.host.presence(ids),
          openPlayer: (playerId) => this.openPlayer(playerId),
          back,
        });
        this.ownPage.show();
        break;
      case "player": {
        const shown = this.playerShown;
        this.ownPage = new PlayerPage(box, {
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
          report: (player) => this.host.report(player),
          moderator: () => this.host.moderator(),
          moderate: (id) => this.openMod(id),
          back,
        });
        this.ownPage.show();
        break;
      }
      case "arenas":
        this.ownPage = new ArenasPage(box, {
          lang,
          locale: regionalLocale(lang, navigator.languages),
          minMinutes: this.host.arenaMinMinutes,
          list: () => this.host.arenas(),
          create: (request) => this.host.createArena(request),
          canCreate: () => this.host.isAccount(),
          signIn: () => this.open("signin"),
          open: (arenaId) => this.openArena(arenaId),
          back,
        });
        this.ownPage.show();
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
      case "mod": {
        this.modPage = new ModPage(box, {
          lang,
          locale: regionalLocale(lang, navigator.languages),
          ...this.host.moderation,
          open: (playerId) => this.openMod(playerId),
          replayHref: (gameId) => routeHref({ kind: "replay", gameId, review: false }, location.pathname),
          playerHref: (playerId) => routeHref({ kind: "player", playerId }, location.pathname),
          back,
        });
        this.modPage.showing(this.modShown);
        break;
      }
      case "account":
        this.ownPage = this.host.accountPage(box, this.linkCode, back);
        this.ownPage.show();
        break;
      case "signin":
        this.ownPage = this.host.signInPage(box, back);
        this.ownPage.show();
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

  /** The page drawn by its own controller goes and the moderators' (timers and ceremonies stop in their views' destroy hooks). */
  private leaveOwnPage(): void {
    this.ownPage?.hide();
    this.ownPage = null;
    this.modPage?.hide();
    this.modPage = null;
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
      node.replaceChildren(); // a page drawn by its own controller was cleared by leaveOwnPage already
    }
  }
}
