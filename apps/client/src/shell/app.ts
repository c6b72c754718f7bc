import { ARENA_MINUTES, joinRefusal, type JoinRefusal, type LocalHandUpload } from "@yourtrumps/protocol";
import { regionalLocale, t, type Key } from "../i18n/index.js";
import { Api, ApiError } from "../net/api.js";
import { ArenaLink } from "../net/arena-link.js";
import { AccountApi } from "../net/account-api.js";
import type { SignedIn } from "../net/account-bodies.js";
import { ReportDialog } from "../people/report-dialog.js";
import { NoticeBanner } from "./notice-banner.js";
import { Identity, savedCredentials } from "../net/identity.js";
import { lazyPage } from "./lazy-page.js";
import { Session, type Entry } from "../net/session.js";
import { localTableKept, type LocalEntry } from "../local/page-table.js";
import { historyWithLocal, keepLocalHand, localRecord, markUploaded } from "../local/local-hands.js";
import { fetchRecord } from "../net/fetch-record.js";
import type { WarmReview } from "../replay/review/warm-review.js";
import { queueUpload, sendUploads } from "../local/uploads.js";
import { isOnline, watchConnectivity } from "../pwa/connectivity.js";
import { Navigation, type PageNodes } from "./navigation.js";
import { go, LOBBY, shareLink, type Route } from "./route.js";
import { saveSettings, type Settings } from "./settings.js";
import { TableController, type TableNodes } from "../table/table-controller.js";
import { ReplayPage, type FromTable } from "../replay/replay-page.js";
import { Toast } from "./toast.js";
import { Tv } from "../table/tv.js";
import { LobbyController } from "../lobby/lobby-ctrl.js";
import { loadPuzzleProfile } from "../lobby/puzzle-profile.js";
import type { PuzzlePage } from "../puzzle/puzzle-page.js";

import { Meeting } from "../people/meeting.js";
import { acceptedChallenge } from "../people/replay-meeting.js";
import { Meanwhile } from "../table/meanwhile.js";
import { tableAside, takeTableBack } from "../local/saved-table.js";

/** The page's fixed DOM nodes (see index.html). */
export interface Nodes extends PageNodes, TableNodes {
  toast: HTMLElement; // errors and connection notes
  replay: HTMLElement; // the replay's panel, for a replay opened from the result panel
  notices: HTMLElement; // what moderators did to the player's account, until read
  report: HTMLElement; // the Report dialog's place
}

/**
 * The whole page: the player's settings and identity, which page shows (Navigation), the
 * table (TableController) and the note at the bottom (Toast). It starts at a saved seat
 * after a refresh, else in the lobby (or the page the address names); the identity is
 * checked meanwhile, and again whenever the lobby comes back (a new rating, a new record).
 */
export class App {
  private readonly nodes: Nodes;
  private readonly toast: Toast;
  private readonly identity: Identity;
  private readonly pages: Navigation;
  private readonly table: TableController;
  private readonly api: Api;
  private readonly accounts: AccountApi;
  private needsCredential = false; // signed in by recovery key: the Account page asks for a new passkey or password
  private readonly meeting: Meeting;
  private readonly meanwhile: Meanwhile; // a seek waiting in the background while the page plays the computer
  private entering = false; // a seat is being taken
  private warm: Promise<WarmReview> | null = null; // the review begun when a hand ends (loaded with the first result)
  private warmLoaded: WarmReview | null = null; // the same, once its module is in
  private warmHand: string | null = null; // the hand it is for
  private replay: ReplayPage | null = null; // the replay opened by the result panel's Review, in this document
  private readonly lobby: LobbyController; // the front page
  private tv: Tv | null = null; // TV is on
  private puzzle: PuzzlePage | null = null; // the puzzle page is showing
  private readonly reportDialog: ReportDialog; // Report, from a player's page or the table's ⚙
  private readonly notices: NoticeBanner;

  constructor(
    nodes: Nodes,
    private settings: Settings,
    serverUrl: string,
    private readonly arrival: Route, // the address the page was loaded at (a replay's is ReplayPage's, not this)
  ) {
    this.nodes = nodes;
    this.toast = new Toast(nodes.toast);
    this.api = new Api(serverUrl);
    this.accounts = new AccountApi(this.api);
    this.identity = new Identity(this.api, localStorage);
    this.reportDialog = new ReportDialog(nodes.report, {
      lang: () => this.settings.lang,
      send: async (report) => this.api.report(await this.confirmedToken(), report),
    });
    // The saved token, confirmed or not: a closed account's (refused everywhere else, kept by Identity) may still read why.
    const savedToken = async (): Promise<string> => {
      await this.identity.settled();
      const token = savedCredentials(localStorage)?.token;
      if (token === undefined) throw new ApiError("unauthorized", 401, "no identity: nothing to ask as");
      return token;
    };
    this.notices = new NoticeBanner(nodes.notices, {
      lang: () => this.settings.lang,
      notices: async () => this.api.notices(await savedToken()),
      read: async (upTo) => this.api.readNotices(await savedToken(), upTo),
    });
    this.lobby = new LobbyController(
      nodes.lobby,
      {
        settings: () => this.settings,
        profile: () => this.identity.state,
        playerId: () => this.identity.playerId,
        enter: (entry) => this.enter(entry),
        changed: (s) => this.changeSettings(s),
        rename: (name) => void this.rename(name),
        retry: () => void this.refreshProfile(),
        open: (page) =>
          page === "mod"
            ? this.pages.openMod(null)
            : page === "account"
              ? this.pages.openAccount()
              : this.pages.open(page),
        asGuest: () => void this.identity.asGuest(this.settings.name).then(() => this.refreshProfile()),
        tv: () => void this.startTv(),
        watch: (roomId) => void this.watch(roomId),
        puzzle: (which) => void this.openPuzzle(which),
        resumable: () => tableAside(sessionStorage),
        resume: () => {
          if (takeTableBack(sessionStorage)) void this.enter({ kind: "local", options: null });
        },
        live: () => this.api.live(),
        puzzleProfile: () => loadPuzzleProfile(this.api, this.identity.playerId),
        arena: async () => {
          const { running, upcoming } = await this.api.arenas();
          return running.find((a) => a.status === "started") ?? upcoming[0] ?? null;
        },
        openArena: (arenaId) => this.pages.openArena(arenaId),
      },
      this.api,
      serverUrl,
      arrival.kind === "lobby" ? arrival.joinCode : "",
    );
    this.meeting = new Meeting(serverUrl, {
      settings: () => this.settings,
      changeSettings: (s) => this.changeSettings(s),
      playerId: () => this.identity.playerId,
      enter: (entry) => void this.table.leaveTable().then(() => this.enter(entry)),
      toast: (text) => this.toast.show(text),
      sessionEnded: () => this.signedOut(),
    });
    this.pages = new Navigation(
      nodes,
      {
        settings: () => this.settings,
        lobby: this.lobby,
        playerId: () => this.identity.playerId,
        // The hands played in this page are listed too: those not on the server yet, or all of them when it cannot be asked.
        games: (before) =>
          historyWithLocal(
            localStorage,
            before,
            isOnline() && this.identity.joinToken !== null ? () => this.identity.games(before) : null,
          ),
        leaderboard: (kind) => (kind === "puzzles" ? this.api.puzzleLeaderboard() : this.identity.leaderboard(kind)),
        challenge: (playerId, rated) => this.meeting.challenge(playerId, rated),
        presence: (ids) => this.api.presence(ids),
        player: (playerId) => this.api.player(playerId),
        puzzleStats: (playerId) => this.api.puzzleStats(playerId),
        arenas: () => this.api.arenas(),
        playerArenas: (playerId) => this.api.playerArenas(playerId),
        arena: (arenaId) => this.api.arena(this.identity.joinToken, arenaId),
        createArena: async (request) => {
          await this.identity.settled();
          const token = this.identity.joinToken;
          if (token === null) throw new Error("no identity");
          return this.api.createArena(token, request);
        },
        joinArena: async (arenaId, events) => {
          await this.identity.settled();
          const token = this.identity.joinToken;
          if (token === null) throw new Error("bad-token: no identity");
          return ArenaLink.open(serverUrl, arenaId, token, events);
        },
        // The next pairing may come while the last hand's table is still open (it closes a moment after the result).
        playArena: (paired) =>
          void this.table.leaveTable().then(() => this.enter({ kind: "reservation", reservation: paired.reservation })),
        watch: (roomId) => void this.watch(roomId),
        arenaMinMinutes: ARENA_MINUTES.min,
        isAccount: () => this.identity.state.status === "ready" && this.identity.state.profile.handle !== undefined,
        report: (player) => this.reportDialog.show([player]),
        moderator: () => this.identity.state.status === "ready" && this.identity.state.profile.role !== null,
        moderation: {
          queue: async () => this.api.modQueue(await this.confirmedToken()),
          file: async (playerId) => this.api.modFile(await this.confirmedToken(), playerId),
          act: async (playerId, act) => this.api.modAct(await this.confirmedToken(), playerId, act),
        },
        accountPage: (root, linkCode, back) =>
          lazyPage(
            async () => {
              const { AccountPage } = await import("../account/account-page.js");
              return new AccountPage(root, {
                lang: this.settings.lang,
                locale: regionalLocale(this.settings.lang, navigator.languages),
                accounts: this.accounts,
                linkCode,
                needsCredential: () => this.needsCredential,
                token: () => this.identity.joinToken,
                claimed: (handle) => {
                  this.identity.claimed(handle);
                  this.lobby.profileChanged(false);
                },
                credentialAdded: () => (this.needsCredential = false),
                signedOut: () => this.signedOut(),
                back,
              });
            },
            focusOn(root, "#page-back"),
          ),
        signInPage: (root, back) =>
          lazyPage(
            async () => {
              const { SignInPage } = await import("../account/sign-in-page.js");
              return new SignInPage(root, {
                lang: this.settings.lang,
                accounts: this.accounts,
                linkUrl: (code) => shareLink({ kind: "account", linkCode: code }),
                signedIn: (session) => this.signedIn(session),
                back,
              });
            },
            focusOn(root, "#sign-in-handle"),
          ),
      },
      arrival.kind === "lobby" ? arrival.joinCode : "",
    );
    this.table = new TableController(
      nodes,
      {
        settings: () => this.settings,
        changeSettings: (s) => this.changeSettings(s),
        toast: (text) => this.toast.show(text),
        loading: () => this.pages.tableBehindLobby(),
        shown: () => this.pages.toTable(),
        left: () => {
          this.meanwhile.end(); // the local game played meanwhile was left: the seek with it
          this.stopTv();
          this.puzzle?.close();
          this.puzzle = null;
          if (this.pages.backToArena()) return; // an arena's hand is over (or was left): its page again
          go(LOBBY); // a reload is the lobby again
          this.pages.toLobby();
          void this.refreshProfile();
        },
        review: (handId, held) => void this.openReplay(handId, held),
        finishedLocally: (hand) => {
          keepLocalHand(localStorage, hand);
          queueUpload(localStorage, hand);
          void this.uploadLocalHands().catch(() => {});
        },
        handOver: (handId) => {
          this.tv?.handOver(handId);
          if (!this.tv) void this.warmReview(handId); // a spectator reviews nothing: TV moves on
        },
        meanwhile: () => void this.meanwhile.start(),
        arena: { berserkAllowed: () => this.pages.arenaBerserk(), pause: () => this.pages.arenaPause() },
        playerId: () => this.identity.playerId,
        report: (candidates, gameId, returnTo) => this.reportDialog.show(candidates, gameId, returnTo),
      },
      serverUrl,
    );
    this.meanwhile = new Meanwhile({
      lang: () => this.settings.lang,
      name: () => this.settings.name,
      setAside: (listener) => this.table.setAside(listener),
      takeBack: (aside, last) => this.table.takeBack(aside, last),
      playLocal: (entry) => this.enter(entry),
      seated: () => this.table.sounds.play(["seated"]),
      lost: () => this.toast.show(this.tr("disconnected")),
    });
    watchConnectivity((online) => {
      this.lobby.redraw();
      if (online) void this.refreshProfile(); // the profile, then the local hands played meanwhile
    });
  }

  /**
   * The result panel's Review: the replay page `?game=<id>&review=1`, opened in this
   * document rather than loaded — the table's scene is reused and the review begun at the
   * hand's end hands its verdicts over, so the first verdicts show at once instead of after
   * a page load. The address is the replay's own link; Back (the page's or the browser's)
   * returns to the table as it was left, the result with its Rematch; a reload loads the replay.
   */
  private async openReplay(handId: string, held: { back(): void } | null): Promise<void> {
    const game = this.table.tableGame();
    go({ kind: "replay", gameId: handId, review: true }, "push");
    const bannerHidden = this.nodes.banner.hidden;
    addEventListener(
      "popstate",
      () => {
        if (!held) return location.reload();
        this.replay?.close();
        this.replay = null;
        this.nodes.banner.hidden = bannerHidden;
        held.back();
      },
      { once: true },
    );
    this.nodes.toolbar.hidden = true;
    this.nodes.banner.hidden = true;
    this.toast.show("");
    const fromTable: FromTable = {
      game,
      back: () => history.back(), // the replay's entry was pushed: going back is what the browser's Back does too
      takeReview: (id, listener) => {
        const run = this.warmLoaded?.follow(id, listener) ?? null;
        if (run === null) void this.warmReview(null); // none for this hand (yet): the replay page judges it itself
        return run;
      },
    };
    const { table, replay, live } = this.nodes;
    this.replay = new ReplayPage(
      { table, replay, live },
      this.settings,
      this.api,
      handId,
      this.identity.playerId,
      true,
      localStorage,
      sessionStorage,
      fromTable,
    );
    await this.replay.start();
  }

  /** The sounds the table made (the test hook reads them). */
  get sounds(): TableController["sounds"] {
    return this.table.sounds;
  }

  /** The screen-reader live region (the test hook reads it). */
  get live(): TableController["live"] {
    return this.replay?.live ?? this.table.live;
  }

  /** Back to a saved seat after a refresh, else the lobby. */
  async start(): Promise<void> {
    document.documentElement.lang = this.settings.lang;
    const profile = this.refreshProfile();
    if (this.arrival.kind === "puzzle") {
      // The table's scene and the puzzle page's chunk load while the identity is checked: a puzzle served to it is rated, so it is asked for with the confirmed token.
      void this.table.tableGame();
      void import("../puzzle/puzzle-page.js");
      await profile;
      if (await this.openPuzzle(this.arrival.which)) return;
    }
    if (localTableKept()) {
      try {
        await this.table.enter({ kind: "local", options: null });
        return;
      } catch {
        // A kept table the engine cannot play forward: the lobby.
      }
    }
    const token = Session.savedToken();
    if (token) {
      try {
        await this.table.enter({ kind: "reconnect", token });
        return;
      } catch {
        Session.forgetToken();
      }
    }
    const accepted = acceptedChallenge(sessionStorage); // an invitation accepted on a replay page
    if (accepted && (await this.enter(accepted))) return;
    if (this.arrival.kind === "tv") return this.startTv();
    if (this.arrival.kind === "watch" && (await this.enter({ kind: "watch", roomId: this.arrival.roomId }))) return;
    this.pages.fromLocation();
  }

  /** Watches a table of the live list; the address says so, for a reload or a link. */
  private async watch(roomId: string): Promise<void> {
    if (await this.enter({ kind: "watch", roomId })) go({ kind: "watch", roomId });
  }

  /** The puzzle page (`?puzzle=`): loaded as a chunk of its own; false when there is no such puzzle. */
  private async openPuzzle(which: string): Promise<boolean> {
    this.stopTv();
    go({ kind: "puzzle", which });
    const { PuzzlePage } = await import("../puzzle/puzzle-page.js");
    this.puzzle?.close();
    const page = new PuzzlePage(
      {
        settings: () => this.settings,
        enter: (entry) => this.table.enter(entry),
        switchTo: (entry) => this.table.switchTo(entry),
        live: this.table.live,
        toast: (text) => this.toast.show(text),
        table: this.nodes.table,
      },
      {
        api: this.api,
        token: () => this.identity.joinToken,
        online: () => isOnline(),
        storage: localStorage,
        pick: (n) => crypto.getRandomValues(new Uint32Array(1))[0]! % n,
        now: () => new Date(),
      },
      which,
    );
    this.puzzle = page;
    if (await page.start()) return true;
    this.puzzle = null;
    go(LOBBY);
    this.pages.toLobby();
    return false;
  }

  /** TV: the best game on now, and the next when it ends (tv.ts). */
  private async startTv(): Promise<void> {
    this.stopTv();
    go({ kind: "tv" });
    const tv = new Tv({
      best: () => this.api.tv(),
      watch: async (roomId) => {
        const entry = { kind: "watch", roomId } as const;
        if (tv.roomId === null) {
          if (!(await this.enter(entry))) throw new Error("not watched");
        } else await this.table.switchTo(entry);
      },
      nothingOn: () => {
        this.pages.toLobby();
        this.toast.show(this.tr("tvNothing"));
      },
    });
    this.tv = tv;
    await tv.start();
  }

  private stopTv(): void {
    this.tv?.stop();
    this.tv = null;
  }

  /** The current view and layout, and whether cards are still flying (test hook, bench). */
  inspect(): ReturnType<TableController["inspect"] | ReplayPage["inspect"]> {
    return this.replay?.inspect() ?? this.table.inspect();
  }

  /**
   * Starts the review of the hand whose result shows, so that Review opens on verdicts
   * already found (replay/review/warm-review.ts); null stops it (a new hand, or the table left).
   */
  private async warmReview(handId: string | null): Promise<void> {
    this.warmHand = handId;
    if (handId === null && this.warm === null) return;
    const warm = await (this.warm ??= import("../replay/review/warm-review.js").then(
      ({ WarmReview }) => (this.warmLoaded = new WarmReview(sessionStorage)),
    ));
    if (handId === null) return warm.stop();
    // A hand played in the page is its own record; another is read from the server (it may be still on its way there).
    const record =
      localRecord(localStorage, handId) ?? (isOnline() ? await fetchRecord(this.api, handId).catch(() => null) : null);
    if (record && this.warmHand === handId) warm.start(record);
  }

  /**
   * This device signed in to an account (sign-in page): it is that player from now on —
   * presence, joins and uploads go with the new token. After a recovery key the Account
   * page opens to ask for a new passkey or password; otherwise the lobby.
   */
  private signedIn(session: SignedIn): void {
    this.identity.adopt(session);
    this.needsCredential = session.next === "add-credential";
    this.keepName(session.profile.name);
    this.meeting.identity(this.identity.joinToken);
    void this.uploadLocalHands();
    if (this.needsCredential) return this.pages.openAccount();
    go(LOBBY);
    this.pages.toLobby("open-account");
  }

  /** This device's account session ended (signed out here or elsewhere, the account deleted): the lobby offers sign-in. */
  private signedOut(): void {
    if (this.identity.state.status === "signed-out") return;
    this.identity.signedOut();
    this.meeting.identity(null);
    this.toast.show(this.tr("signedOutNote"));
    if (!this.nodes.toolbar.hidden) return this.lobby.profileChanged(false); // at a table: the lobby says it when it is back
    go(LOBBY);
    this.pages.toLobby("open-sign-in");
  }

  /** Reads the profile (creating the identity on a first visit) and shows it in the lobby. */
  private async refreshProfile(): Promise<void> {
    if (!isOnline()) {
      // A request the browser already knows will fail is not sent (it would only be a console error); the `online` event asks.
      this.identity.offline();
      return this.lobby.profileChanged(document.activeElement?.id === "name");
    }
    const state = await this.identity.refresh(this.settings.name);
    if (state.status === "ready") {
      if (state.renewed) this.toast.show(this.tr("profileRenewed"));
      this.keepName(state.profile.name);
      this.meeting.identity(this.identity.joinToken);
      void this.uploadLocalHands();
    } else if (state.status === "signed-out") this.meeting.identity(null);
    if (state.status !== "loading") void this.notices.check(); // "unavailable" may be an account a moderator closed
    this.lobby.profileChanged(document.activeElement?.id === "name");
  }

  /** The token the server confirmed, once the identity is settled; an "unauthorized" ApiError without one. */
  private async confirmedToken(): Promise<string> {
    await this.identity.settled();
    const token = this.identity.joinToken;
    if (token === null) throw new ApiError("unauthorized", 401, "no identity: nothing to ask as");
    return token;
  }

  /** Sends the finished local hands to the player's history, when there is a confirmed identity to send them as. */
  private async uploadLocalHands(): Promise<void> {
    const token = this.identity.joinToken;
    if (token === null) return;
    const post = async (hand: LocalHandUpload): Promise<void> => {
      await this.identity.uploadLocalHand(token, hand);
      markUploaded(localStorage, hand.id); // My games lists it from the server from now on
    };
    if ((await sendUploads(localStorage, post)) > 0) this.lobby.profileChanged(document.activeElement?.id === "name");
  }

  /** The name field changed: kept here, and the player renamed on the server when there is a profile. */
  private async rename(name: string): Promise<void> {
    const state = this.identity.state;
    if (state.status !== "ready") return this.keepName(name);
    if (name === "" || name === state.profile.name) return this.lobby.profileChanged(false); // the server's name stands
    try {
      this.keepName((await this.identity.rename(name)).name);
    } catch {
      this.keepName(name); // joins carry it; the server's name is unchanged
      this.toast.show(this.tr("renameFailed"));
    }
    this.lobby.profileChanged(false);
  }

  /**
   * Takes a seat with the player's token. A token the server refuses is replaced and the
   * join tried once more; a token it cannot check now (its database is down) is kept, and
   * the player sits down anonymously.
   */
  private async enter(entry: Entry | LocalEntry): Promise<boolean> {
    if (this.entering) return false; // one seat per click: a second way in while one is under way does nothing
    this.entering = true;
    try {
      return await this.sitDown(entry);
    } finally {
      this.entering = false;
    }
  }

  private async sitDown(entry: Entry | LocalEntry): Promise<boolean> {
    if (entry.kind === "local") {
      // A table in the page: no server, no identity at the table (its hands go to the history afterwards).
      return this.table.enter(entry).then(
        () => true,
        (e: unknown) => !this.failed(e instanceof Error ? e : new Error(String(e))),
      );
    }
    await this.identity.settled(); // a join sends the token the server confirmed, or none
    const failure = await this.join(entry, this.identity.joinToken);
    if (failure === null) return true;
    const refusal = joinRefusal(failure);
    switch (refusal) {
      case "bad-token": {
        const state = await this.identity.renew(this.settings.name);
        this.lobby.profileChanged(document.activeElement?.id === "name");
        if (state.status === "ready") this.toast.show(this.tr("profileRenewed"));
        if (state.status === "signed-out") this.toast.show(this.tr("signedOutNote")); // an account is never silently replaced
        this.failed(await this.join(entry, this.identity.joinToken));
        break;
      }
      case "identity-unavailable":
        if (!this.failed(await this.join(entry, null))) this.toast.show(this.tr("profileUnavailable"));
        break;
      case "already-seated": {
        // This page holds a seat already (a join answered after another): it goes to that seat.
        const token = Session.savedToken();
        if (token !== null && (await this.join({ kind: "reconnect", token }, null)) === null) return true;
        this.toast.show(this.tr(REFUSAL_KEY[refusal]));
        break;
      }
      case "server-busy":
      case "too-many-tables":
      case "watch-not-allowed":
      case "watch-not-started":
      case "marked":
        this.toast.show(this.tr(REFUSAL_KEY[refusal]));
        break;
      case "arena-unknown": // the arena room's refusals: a table's join never gets them
      case "arena-over":
      case "arena-not-qualified":
      case "arena-already-in":
      case null:
        this.failed(failure);
        break;
      default: {
        const never: never = refusal;
        return never;
      }
    }
    return false; // a retried join may have seated the player after all: the table says so by showing
  }

  /** Joins; resolves with what the join rejected with, or null once seated. */
  private async join(entry: Entry, token: string | null): Promise<Error | null> {
    try {
      await this.table.enter(withToken(entry, token));
      return null;
    } catch (e: unknown) {
      return e instanceof Error ? e : new Error(String(e)); // the SDK's errors carry the refusal's code
    }
  }

  /** Says why a join failed, if it did. */
  private failed(failure: Error | null): boolean {
    if (failure === null) return false;
    this.toast.show(this.tr("connectFailed", { reason: failure.message }));
    return true;
  }

  private keepName(name: string): void {
    if (name !== this.settings.name) this.changeSettings({ ...this.settings, name });
    this.table.personNamed(name); // a hand begun before the profile arrived was seated under the placeholder
  }

  /** A setting changed in the lobby or in the table's menu. */
  private changeSettings(s: Settings): void {
    const before = this.settings;
    this.settings = s;
    this.meeting.settingsChanged(before, s);
    saveSettings(localStorage, s);
    document.documentElement.lang = s.lang;
    this.notices.redraw();
    this.table.redraw();
  }

  private tr(key: Key, params?: Record<string, string | number>): string {
    return t(this.settings.lang, key, params);
  }
}

/** What the player is told of a refusal that needs nothing more than telling. */
const REFUSAL_KEY = {
  "already-seated": "errAlreadySeated",
  "server-busy": "errServerBusy",
  "too-many-tables": "errTooManyTables",
  "watch-not-allowed": "errWatchNotAllowed",
  "watch-not-started": "errWatchNotStarted",
  marked: "errMarked",
} as const satisfies Partial<Record<JoinRefusal, Key>>;

/** Puts the focus on a page's `selector` once it is drawn (its Back, as Navigation does for the pages it draws itself). */
function focusOn(root: HTMLElement, selector: string): () => void {
  return () => root.querySelector<HTMLElement>(selector)?.focus();
}

/** The entry with the player's identity token in its join options (a reconnection needs none). */
function withToken(entry: Entry, token: string | null): Entry {
  if (entry.kind === "reconnect" || entry.kind === "watch" || entry.kind === "reservation" || token === null)
    return entry; // a spectator is nobody in particular
  return { ...entry, options: { ...entry.options, token } };
}
