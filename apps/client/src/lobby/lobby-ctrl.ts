import { NAME_MAX, type ArenaSummary, type LiveTable, type Seek } from "@yourtrumps/protocol";
import { t } from "../i18n/index.js";
import type { LocalEntry } from "../local/page-table.js";
import type { Api } from "../net/api.js";
import type { ProfileState } from "../net/identity.js";
import type { LiveCounts } from "../net/live-answer.js";
import type { Entry } from "../net/session.js";
import { isOnline } from "../pwa/connectivity.js";
import { cutGraphemes } from "../shell/graphemes.js";
import type { Settings } from "../shell/settings.js";
import { h, Mount } from "../shell/view.js";
import { DailyPuzzle, type DailyFacts } from "./daily-facts.js";
import { LiveLobby } from "./live-lobby.js";
import { LiveTables } from "./live-tables.js";
import { lobbyView, type LobbyCtrl, type LobbyPage, type LobbyTab } from "./lobby-view.js";
import type { PuzzleProfile } from "./puzzle-profile.js";

/** What the lobby needs from the rest of the page (shell/app.ts). */
export interface LobbyHost {
  settings(): Settings;
  profile(): ProfileState;
  playerId(): string | null;
  enter(entry: Entry | LocalEntry): Promise<unknown>; // sits down (the computer's table is local: in the page)
  changed(s: Settings): void; // a setting changed: kept (the lobby is drawn again by the caller)
  rename(name: string): void; // the player's name on the server too
  retry(): void; // ask for the profile again
  open(page: LobbyPage): void;
  asGuest(): void; // signed out: play on as a new guest instead of signing in
  tv(): void;
  watch(roomId: string): void;
  puzzle(which: "daily" | "next" | "streak"): void;
  resumable(): boolean; // a local game was set aside for a person's table (table/meanwhile.ts)
  resume(): void;
  live(): Promise<LiveCounts>; // GET /api/live
  puzzleProfile(): Promise<PuzzleProfile>;
  arena(): Promise<ArenaSummary | null>; // the running arena, else the next
  openArena(arenaId: string): void;
}

/**
 * The lobby's controller: what the front page shows (the settings and profile from the
 * page, the live counts, live tables, the day's puzzle and the puzzle record as they
 * arrive) and what its controls do. `redraw()` patches the view (lobby-view.ts); the live
 * feeds run while the view is on the page and stop in its destroy hook.
 */
export class LobbyController implements LobbyCtrl {
  name: string;
  code: string;
  allowWatching = false; // off by default: a private game is private unless its creator says otherwise
  tab: LobbyTab = "you"; // a phone's part under play: the player's own box first
  live: LiveCounts | null = null;
  tables: readonly LiveTable[] = [];
  daily: DailyFacts | null = null;
  puzzleProfile: PuzzleProfile = null;
  arena: ArenaSummary | null = null;
  private joining = false; // a seat is being taken: a second click takes no second seat
  private readonly mount: Mount;
  private readonly liveCounts: LiveLobby;
  private readonly liveTables: LiveTables;
  private readonly dailyPuzzle: DailyPuzzle;

  constructor(
    root: HTMLElement,
    private readonly host: LobbyHost,
    api: Api,
    serverUrl: string,
    joinCode: string, // from a `?table=CODE` link: the lobby opens with it filled in
  ) {
    this.name = host.settings().name;
    this.code = joinCode;
    this.liveCounts = new LiveLobby({ live: () => host.live(), changed: (c) => this.set(() => (this.live = c)) });
    this.liveTables = new LiveTables(serverUrl, { changed: (list) => this.set(() => (this.tables = list)) });
    this.dailyPuzzle = new DailyPuzzle(api, (facts) => this.set(() => (this.daily = facts)));
    this.mount = new Mount(root, () =>
      h("div.lobby-root", { hook: { insert: () => this.started(), destroy: () => this.stopped() } }, [lobbyView(this)]),
    );
  }

  get settings(): Settings {
    return this.host.settings();
  }
  get profile(): ProfileState {
    return this.host.profile();
  }
  get me(): string | null {
    return this.host.playerId();
  }
  get resumable(): boolean {
    return this.host.resumable();
  }
  get online(): boolean {
    return isOnline();
  }

  /** Draws the lobby (anew after `hide`), the focus on `focusId` if given, else on Join (a code came with the link) or Play. */
  show(focusId = ""): void {
    const first = !this.mount.mounted;
    this.joining = false;
    this.redraw();
    if (!first && !focusId) return;
    const target =
      (focusId ? document.getElementById(focusId) : null) ??
      document.getElementById(this.code ? "join" : "play-computer");
    target?.focus();
  }

  /** The lobby leaves the page (a table or another page shows): its feeds stop. */
  hide(): void {
    this.mount.clear();
  }

  redraw(): void {
    this.mount.redraw();
  }

  /** The profile changed (loaded, renamed, renewed): the name field follows unless the player is typing in it. */
  profileChanged(typing: boolean): void {
    const state = this.host.profile();
    if (state.status === "ready" && !typing) this.name = state.profile.name;
    if (state.status === "ready" && this.mount.mounted) void this.loadPuzzleProfile();
    if (this.mount.mounted) this.redraw();
  }

  typeName(text: string): void {
    const cut = cutGraphemes(text, NAME_MAX);
    this.name = cut;
    if (cut !== text) this.redraw(); // the field shows the name cut between characters, never inside one
  }

  rename(): void {
    this.host.rename(this.name.trim());
  }

  typeCode(text: string): void {
    const had = this.code !== "";
    this.code = text;
    if (had !== (text !== "")) this.redraw(); // Join is the primary button while a code is typed
  }

  setAllowWatching(on: boolean): void {
    this.allowWatching = on;
  }

  change(s: Settings): void {
    this.host.changed(s);
    this.redraw();
  }

  playComputer(): void {
    const s = this.settings;
    this.sitDown({ kind: "local", options: { players: s.players, level: s.level, name: this.who() } });
  }

  quickMatch(): void {
    this.sitDown({
      kind: "quick",
      options: { mode: "quick", players: this.settings.players, name: this.nameOnline() },
    });
  }

  privateTable(): void {
    this.sitDown({
      kind: "create",
      options: {
        mode: "private",
        players: this.settings.players,
        name: this.nameOnline(),
        ...(this.allowWatching ? { allowWatching: true } : {}),
      },
    });
  }

  join(): void {
    const code = this.code.trim().toUpperCase();
    if (code) this.sitDown({ kind: "code", options: { mode: "private", code, name: this.nameOnline() } });
  }

  sit(seek: Seek): void {
    this.sitDown({
      kind: "seek",
      roomId: seek.roomId,
      options: { mode: "quick", players: seek.players as 2 | 3 | 4, name: this.nameOnline() },
    });
  }

  resume(): void {
    this.host.resume();
  }
  watch(roomId: string): void {
    this.host.watch(roomId);
  }
  tv(): void {
    this.host.tv();
  }
  puzzle(which: "daily" | "next" | "streak"): void {
    this.host.puzzle(which);
  }
  open(page: LobbyPage): void {
    this.host.open(page);
  }
  asGuest(): void {
    this.host.asGuest();
  }
  retry(): void {
    this.host.retry();
  }

  showTab(tab: LobbyTab): void {
    this.tab = tab;
    this.redraw();
  }

  /** One seat per click: while a join is under way, every way to sit down does nothing. */
  private sitDown(entry: Entry | LocalEntry): void {
    if (this.joining) return;
    this.joining = true;
    void this.host.enter(entry).finally(() => {
      this.joining = false;
    });
  }

  /** The name at the computer's table, in the page: the one typed, else the field's placeholder. */
  private who(): string {
    return this.name.trim() || t(this.settings.lang, "namePlaceholder");
  }

  /**
   * The name sent with a seat online: the one typed, else none, and the server seats the
   * player under their name on record (a sit-down before the profile arrived would otherwise
   * have put "Player" at the table).
   */
  private nameOnline(): string {
    return this.name.trim();
  }

  /** A feed's news: drawn if the lobby shows. */
  private set(change: () => void): void {
    change();
    if (this.mount.mounted) this.mount.redraw();
  }

  private started(): void {
    this.liveCounts.start();
    this.liveTables.start();
    this.dailyPuzzle.ask();
    void this.loadPuzzleProfile();
    if (isOnline())
      this.host.arena().then(
        (arena) => this.set(() => (this.arena = arena)),
        () => {}, // no arena line: the lobby is whole without it
      );
  }

  openArena(arenaId: string): void {
    this.host.openArena(arenaId);
  }

  private stopped(): void {
    this.liveCounts.stop();
    this.liveTables.stop();
  }

  private async loadPuzzleProfile(): Promise<void> {
    const profile = await this.host.puzzleProfile();
    this.set(() => (this.puzzleProfile = profile));
  }
}
