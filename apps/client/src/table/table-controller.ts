import type { Card, Move } from "@yourtrumps/engine";
import type { ErrorCode, HintMessage, ReactionMessage, TableCloseReason } from "@yourtrumps/protocol";
import { cardSpoken, seatName, suitName, t, type Key } from "../i18n/index.js";
import { announce } from "../model/announce.js";
import { keyAction, type SuitLetters } from "../model/keyboard.js";
import { NO_HIGHLIGHTS, trumpButtonSuit, type ButtonId, type Highlights, type Layout } from "../model/layout.js";
import { keptHighlights } from "../model/kept-highlights.js";
import { computerTookSeatLines } from "../model/seat-taken.js";
import { planSteps } from "../model/plan.js";
import { suitLettersIn, trumpKeysLines, trumpTakenLines } from "../model/trump-choice.js";
import { buildView, type TableView } from "../model/view.js";
import { Session, type Entry } from "../net/session.js";
import type { TableSnapshot } from "../net/snapshot.js";
import type { ConnectionState, OpenedEntry, SessionEvents, TableSession } from "../net/table-session.js";
import { LocalTable, type FinishedLocalHand } from "../local/local-table.js";
import { openLocalTable, type LocalEntry } from "../local/page-table.js";
import type { TableGame } from "../scene/game.js";
import { cuesFor } from "../sound/cues.js";
import { SoundBoard } from "../sound/sound-board.js";
import { TableBanner } from "./banner.js";
import { CanvasButtons } from "./canvas-buttons.js";
import { REACTION_KEY, ReactionMenu } from "./reaction-menu.js";
import { LiveRegion } from "../shell/live.js";
import type { Settings } from "../shell/settings.js";
import { Toolbar } from "./toolbar.js";
import type { ReportCandidate } from "../people/report-dialog.js";
import { reportable } from "./reportable-seats.js";
import { renderWatchingNote } from "./watching-note.js";
import { ArenaNote, type ArenaTableHost } from "./arena-note.js";

/** The table's own DOM nodes (see index.html). */
export interface TableNodes {
  table: HTMLElement; // the canvas parent
  toolbar: HTMLElement; // the ⚙ menu
  banner: HTMLElement; // private-table code and link
  live: HTMLElement; // screen-reader live region
  watching: HTMLElement; // "You are watching", and how many watch (watching-note.ts)
  arenaNote: HTMLElement; // an arena's table: its name, Berserk, the next hand (arena-note.ts)
}

/** What the table needs from the rest of the page. */
export interface TableHost {
  settings(): Settings;
  changeSettings(s: Settings): void; // from the ⚙ menu
  toast(text: string): void; // "" hides the note
  loading(): void; // the canvas is about to boot: its parent must have a size
  shown(): void; // seated: the table replaces the lobby
  left(): void; // the seat is gone (left, or the connection closed for good)
  review(handId: string, held: { back(): void } | null): void; // the result panel's Review: the table is held aside (seat and rematch kept) until `back`
  finishedLocally(hand: FinishedLocalHand): void; // a local table's hand ended: for the player's history
  handOver(handId: string | null): void; // the result of hand `handId` shows (its review may be asked for); null: the table moved on
  meanwhile(): void; // "Play the computer meanwhile" at a quick-match table still waiting
  arena: ArenaTableHost; // at an arena's table: whether berserk is allowed, and Pause in the arena
  playerId(): string | null; // the page's own identity: never offered to report
  report(candidates: readonly ReportCandidate[], gameId: string | undefined, returnTo: HTMLElement): void; // the Report dialog
}

/** An online table set aside (its connection open) while the page shows another: its events go where `sink.to` says. */
export interface AsideTable<S extends TableSession = Session> {
  session: S;
  sink: { to: SessionEvents };
}

/** Elements that act on Enter and Space themselves: the table leaves those keys to them. */
const OWN_KEYS = "button, summary, a[href], input, select, textarea";

/**
 * One seat at a table: the network session, the view model and the Phaser scene, wired.
 * Every state patch goes snapshot → view → (diff → plan) → scene and live region; the
 * scene never decides anything. What it highlights (the keyboard's choice, the hint) is kept here.
 */
export class TableController {
  readonly live: LiveRegion;
  readonly sounds: SoundBoard;
  private session: TableSession | null = null;
  private sink: { to: SessionEvents } | null = null; // where the online session's events go: here, or to whoever it was set aside for
  private closedBy: TableCloseReason | null = null; // the server's reason for closing the seat, when it gave one
  private game: TableGame | null = null;
  private gameLoading: Promise<TableGame> | null = null;
  private view: TableView | null = null;
  private pending: { snap: TableSnapshot; me: string } | null = null;
  private shownSnap: { snap: TableSnapshot; me: string } | null = null; // the snapshot the table shows (handed over with a table set aside)
  private highlights: Highlights = NO_HIGHLIGHTS;
  private catchUp = true; // the next snapshot is shown without animation (first state, reconnect)
  private leaving = false;
  private away: "dropped" | "restarting" | null = null; // the connection is gone and coming back: a move now would be lost, so none is sent
  private showMs = 0; // how long the last redraw took (bench, tests)
  private movesSent = 0; // moves played from this page (test hook: a drag dropped back on the hand sends none)
  private resultShown: string | null = null; // the hand whose result the table shows
  private watchRoom: string | null = null; // a private table its creator let others watch: its room, for the watch link
  private entries = 0; // tables entered so far: a session left for another (TV) is not listened to any more
  private readonly buttons: CanvasButtons; // the canvas buttons as DOM: Tab and screen readers reach them
  private readonly reactions: ReactionMenu; // the preset phrases, at tables with people
  private readonly banner: TableBanner; // a waiting table's code and link, or "Play the computer meanwhile"
  private readonly toolbar: Toolbar; // ⚙ and its settings panel
  private readonly arenaNote: ArenaNote; // an arena's table: its name, Berserk, the next hand

  constructor(
    private readonly nodes: TableNodes,
    private readonly host: TableHost,
    private readonly serverUrl: string,
  ) {
    this.live = new LiveRegion(nodes.live);
    this.sounds = new SoundBoard(() => this.host.settings().sound);
    this.buttons = new CanvasButtons(nodes.table, (id) => this.button(id));
    this.banner = new TableBanner(nodes.banner, () => this.host.meanwhile());
    this.arenaNote = new ArenaNote(nodes.arenaNote, { ...host.arena, berserk: () => this.session?.berserk?.() });
    this.toolbar = new Toolbar(
      nodes.toolbar,
      host.settings(),
      {
        changed: (s) => this.host.changeSettings(s),
        leave: () => void this.leaveAsked(),
        report: () => {
          const handId = this.shownSnap?.snap.handId;
          this.host.report(this.toolbar.reportable, handId || undefined, nodes.table);
        },
      },
      nodes.table,
    );
    this.reactions = new ReactionMenu(
      nodes.table,
      (id) => this.session?.react?.(id),
      (on) => {
        if (on) this.game?.scene.react(-1, null); // the bubbles showing go
      },
    );
    // Focusable, so keys reach the table once it shows; keys pass through screen readers' browse mode.
    nodes.table.tabIndex = -1;
    nodes.table.setAttribute("role", "application");
    document.addEventListener("keydown", (e) => this.key(e));
    window.addEventListener("resize", () => {
      this.game?.resize(nodes.table.clientWidth, nodes.table.clientHeight);
      this.syncButtons();
    });
  }

  /** Takes a seat (or returns to one) and shows the table; rejects when the server cannot be reached. */
  async enter(entry: Entry | LocalEntry | OpenedEntry): Promise<void> {
    this.host.toast(this.tr(entry.kind === "reconnect" ? "reconnecting" : "connecting"));
    this.freshTable();
    const tableReady = this.ensureTable();
    const sink = { to: this.ownEvents() };
    const events: SessionEvents = {
      snapshot: (snap, me) => sink.to.snapshot(snap, me),
      error: (e) => sink.to.error(e),
      hint: (h) => sink.to.hint(h),
      reaction: (r) => sink.to.reaction?.(r),
      closed: (reason) => sink.to.closed?.(reason),
      connection: (state) => sink.to.connection(state),
    };
    // "Play the computer" is a table in the page (local/), a puzzle one the page opened; every other table is the server's.
    const session =
      entry.kind === "opened"
        ? entry.open(events)
        : entry.kind === "local"
          ? openLocalTable(entry, events, (hand) => this.host.finishedLocally(hand))
          : await Session.open(this.serverUrl, entry, events);
    this.session = session;
    this.sink = session instanceof Session ? sink : null;
    this.watchRoom =
      entry.kind === "create" && entry.options.allowWatching === true && session instanceof Session
        ? session.roomId
        : null;
    if (this.view)
      this.banner.update(this.view, this.host.settings().lang, this.watchRoom, this.session instanceof Session); // the first state came before the room id was known
    this.host.toast("");
    this.host.shown();
    this.nodes.table.setAttribute("aria-label", this.tr("title"));
    this.nodes.table.focus({ preventScroll: true });
    this.renderToolbar();
    await tableReady;
    this.flush();
  }

  /** A table comes (entered, or taken back): nothing of the one before shows or counts. */
  private freshTable(): void {
    this.leaving = false;
    this.away = null;
    this.catchUp = true;
    this.view = null;
    this.highlights = NO_HIGHLIGHTS;
    this.closedBy = null;
    this.reactions.reset();
  }

  /** Events for the table entered now; those of a table entered before (or set aside) are dropped. */
  private ownEvents(): SessionEvents {
    const entered = ++this.entries;
    const current = (): boolean => entered === this.entries;
    return {
      snapshot: (snap, me) => current() && this.snapshot(snap, me),
      error: (e) => current() && this.host.toast(this.tr(errorKey(e.code))),
      hint: (h) => current() && this.hint(h),
      reaction: (r) => current() && this.reacted(r),
      closed: (reason) => current() && (this.closedBy = reason),
      connection: (state) => current() && this.connection(state),
    };
  }

  /**
   * Sets the online table aside, its connection open, for a table in the page (played
   * meanwhile): from now on its events go to `listener`. Null when the seat is no online one.
   */
  setAside(listener: SessionEvents): { aside: AsideTable; last: { snap: TableSnapshot; me: string } | null } | null {
    const { session, sink } = this;
    if (!(session instanceof Session) || sink === null) return null;
    return { aside: { session, sink }, last: this.detach(sink, listener) };
  }

  /**
   * Sets the table aside — online or in the page — while its hand's replay is shown on its
   * scene: its events wait, the latest snapshot kept, and `back` brings it back as it is
   * (the result with its Rematch). Null when no table is seated.
   */
  holdForReview(): { back(): void } | null {
    const { session, sink } = this;
    if (session === null || sink === null) return null;
    const held: SessionEvents = {
      snapshot: (snap, me) => (last = { snap, me }),
      error: () => {},
      hint: () => {},
      connection: () => {},
    };
    let last = this.detach(sink, held);
    return { back: () => this.takeBack({ session, sink }, last) };
  }

  /** Sends the table's events to `listener` from now on and lets go of it; its latest snapshot. */
  private detach(sink: { to: SessionEvents }, listener: SessionEvents): { snap: TableSnapshot; me: string } | null {
    const last = this.pending ?? this.shownSnap;
    sink.to = listener;
    this.entries++;
    this.session = null;
    this.sink = null;
    this.view = null;
    this.pending = null;
    return last;
  }

  /**
   * Back to the table set aside: the table in the page stops (kept as it is, for a
   * resume), and `last` — the aside table's latest snapshot — shows at once.
   */
  takeBack(aside: AsideTable<TableSession>, last: { snap: TableSnapshot; me: string } | null): void {
    if (this.session instanceof LocalTable) this.session.close();
    this.freshTable();
    aside.sink.to = this.ownEvents();
    this.session = aside.session;
    this.sink = aside.sink;
    this.host.shown();
    this.renderToolbar();
    this.nodes.table.focus({ preventScroll: true });
    if (last) this.snapshot(last.snap, last.me);
  }

  /** The person's name is now `name`: a table in the page seats them under it (an online seat's name is the server's). */
  personNamed(name: string): void {
    if (this.session instanceof LocalTable) this.session.rename(name);
  }

  /** Leaves the table on screen for another one (TV's next table) without a trip through the lobby. */
  async switchTo(entry: Entry | OpenedEntry): Promise<void> {
    const old = this.session;
    this.leaving = true;
    this.entries++; // the old session's last events are not for the new table
    this.session = null;
    await old?.leave();
    await this.enter(entry);
  }

  /** Redraws in the current settings (language, deck colours) without animation. */
  redraw(): void {
    this.renderToolbar();
    this.nodes.table.setAttribute("aria-label", this.tr("title"));
    if (this.view && this.game) this.game.scene.show(this.view, [], false);
    this.syncButtons();
  }

  /** The running table scene (booting it if need be): the replay opened by Review reuses it. */
  tableGame(): Promise<TableGame> {
    return this.gameLoading ?? this.ensureTable();
  }

  /** The current view and layout, and whether cards are still flying (test hook, bench). */
  inspect(): {
    view: TableView | null;
    layout: Layout | null;
    idle: boolean;
    showMs: number;
    away: "dropped" | "restarting" | null;
    movesSent: number;
  } {
    return {
      view: this.view,
      layout: this.game?.scene.currentLayout() ?? null,
      idle: this.game?.scene.settled() ?? true,
      showMs: this.showMs,
      away: this.away,
      movesSent: this.movesSent,
    };
  }

  private tr(key: Key, params?: Record<string, string | number>): string {
    return t(this.host.settings().lang, key, params);
  }

  private ensureTable(): Promise<TableGame> {
    this.host.loading();
    this.gameLoading ??= import("../scene/game.js").then(({ startTable }) =>
      startTable(this.nodes.table, {
        lang: () => this.host.settings().lang,
        fourColour: () => this.host.settings().fourColour,
        onCard: (card) => this.play({ type: "play", card }),
        onButton: (id) => this.button(id),
      }).then((g) => (this.game = g)),
    );
    return this.gameLoading;
  }

  /** Someone at the table reacted: a bubble by their plate and a line in the live region, unless reactions are muted. */
  private reacted(r: ReactionMessage): void {
    if (this.host.settings().muteReactions || this.reactions.mutedHere) return;
    const seat = this.view?.seats.find((s) => s.seat === r.seat);
    if (!seat || !Object.hasOwn(REACTION_KEY, r.id)) return;
    const words = this.tr(REACTION_KEY[r.id]);
    this.game?.scene.react(r.seat, words);
    this.live.say([
      this.tr("reactionSaid", { name: seatName(this.host.settings().lang, seat.name, seat.isAI), text: words }),
    ]);
  }

  private snapshot(snap: TableSnapshot, me: string): void {
    this.pending = { snap, me };
    if (this.game) this.flush();
  }

  /** Shows the latest snapshot: instantly when catching up, hidden, or reduced motion. */
  private flush(): void {
    const p = this.pending;
    const game = this.game;
    if (!p || !game) return;
    this.pending = null;
    this.shownSnap = p;
    this.toolbar.reportableNow(reportable(p.snap, this.host.playerId()));
    const settings = this.host.settings();
    const prev = this.catchUp ? null : this.view;
    const next = buildView(p.snap, p.me);
    const steps = planSteps(prev, next);
    const animate = !settings.reducedMotion && !document.hidden;
    this.highlights = keptHighlights(this.highlights, this.view, next);
    this.view = next;
    this.catchUp = false;
    const t0 = performance.now();
    game.scene.highlight(this.highlights, false);
    game.scene.show(next, steps, animate);
    this.showMs = performance.now() - t0;
    this.syncButtons();
    this.reactions.sync(next.mode !== "computer" && this.session?.react !== undefined, settings.lang, next.watching);
    this.sounds.play(cuesFor(prev, next, steps));
    const lang = settings.lang;
    const seatsTaken = computerTookSeatLines(lang, prev, next);
    if (seatsTaken.length > 0) this.host.toast(seatsTaken.join(" "));
    this.live.say([
      ...seatsTaken,
      ...trumpTakenLines(lang, prev, next),
      ...announce(lang, prev, next, steps, p.snap.lastMove),
      ...trumpKeysLines(lang, prev, next, this.letters()),
    ]);
    this.banner.update(next, lang, this.watchRoom, this.session instanceof Session);
    renderWatchingNote(this.nodes.watching, next, lang);
    this.arenaNote.update(next, p.snap.lastMove, lang);
    this.resultOf(next.phase === "over" && next.handId !== "" ? next.handId : null);
  }

  /** Tells the host when a hand's result starts or stops showing. */
  private resultOf(handId: string | null): void {
    if (handId === this.resultShown) return;
    this.resultShown = handId;
    this.host.handOver(handId);
  }

  private letters(): SuitLetters {
    return suitLettersIn(this.host.settings().lang);
  }

  private play(move: Move): void {
    const view = this.view;
    if (!view || !this.session || this.stillAway()) return;
    const legal = view.legal.some((m) =>
      m.type === "play" && move.type === "play" ? m.card === move.card : m.type === move.type,
    );
    if (!legal) return;
    this.setHighlights({ ...this.highlights, card: null }, false);
    this.movesSent++;
    this.session.send(move);
  }

  private button(id: ButtonId): void {
    const s = this.session;
    if (!s) return;
    if (id !== "lobby" && id !== "review" && this.stillAway()) return;
    const suit = trumpButtonSuit(id);
    if (suit) return s.chooseTrump(suit);
    switch (id) {
      case "pickup":
        return this.play({ type: "pickup" });
      case "hint":
        return s.hint();
      case "rematch":
        return s.rematch();
      case "lobby":
        return void this.leaveAsked();
      case "review":
        return void this.review();
      default:
        return;
    }
  }

  private hint(h: HintMessage): void {
    const target: Card | "pickup" = h.move.type === "play" ? h.move.card : "pickup";
    this.setHighlights({ ...this.highlights, hint: target });
    // Spoken words, not "10♠": the live region is read aloud.
    const move =
      h.move.type === "play"
        ? cardSpoken(this.host.settings().lang, h.move.card)
        : this.tr("pickup", { n: this.view?.pickup?.count ?? 0 });
    this.live.say([this.tr("hintSays", { move })]);
  }

  /**
   * True while the connection is coming back: what the player asked for is not sent (it
   * would go to the closed connection and be lost without a word); the note says why, and
   * the card they chose stays chosen for when the table is back.
   */
  private stillAway(): boolean {
    if (this.away === null) return false;
    this.host.toast(this.tr(this.away === "restarting" ? "serverRestarting" : "reconnecting"));
    return true;
  }

  private connection(state: ConnectionState): void {
    this.away = state === "dropped" || state === "restarting" ? state : null;
    if (state === "dropped") this.host.toast(this.tr("reconnecting"));
    if (state === "restarting") this.host.toast(this.tr("serverRestarting"));
    if (state === "back") {
      this.host.toast("");
      this.catchUp = true; // the table catches up instantly
    }
    if (state === "closed" && !this.leaving) {
      Session.forgetToken();
      // An arena's hand closes its table on purpose: the arena's page comes back, no note needed.
      if (this.closedBy !== "arena-hand-over")
        this.host.toast(this.tr(this.closedBy === "released" ? "seatReleased" : "disconnected"));
      this.gone();
    }
  }

  /** Leaves the table the player sits at, if any (an accepted challenge takes them to another). */
  async leaveTable(): Promise<void> {
    if (this.session) await this.leave();
  }

  /**
   * The player asked to leave: in the middle of a hand with other people, only once they
   * confirm (the computer takes their seat and the others play on against it).
   */
  private async leaveAsked(): Promise<void> {
    const v = this.view;
    const midHand = v !== null && !v.watching && !v.replay && (v.phase === "choosing" || v.phase === "playing");
    const people = v?.seats.some((s) => !s.isMe && !s.isAI && s.name !== "") ?? false;
    if (midHand && people && !window.confirm(this.tr("leaveConfirm"))) return;
    await this.leave();
  }

  private async leave(): Promise<void> {
    this.leaving = true;
    await this.session?.leave();
    this.gone();
  }

  /** Sets the table aside, seat and rematch kept, for the finished hand's replay and review. */
  private review(): void {
    const handId = this.view?.handId ?? "";
    if (!handId) return;
    const held = this.holdForReview();
    this.syncButtons();
    renderWatchingNote(this.nodes.watching, null, this.host.settings().lang);
    this.host.review(handId, held);
  }

  private gone(): void {
    this.resultOf(null);
    this.arenaNote.update(null, null, this.host.settings().lang);
    renderWatchingNote(this.nodes.watching, null, this.host.settings().lang);
    this.session = null;
    this.view = null;
    this.syncButtons();
    this.host.left();
  }

  private key(e: KeyboardEvent): void {
    const view = this.view;
    if (!view || !this.game || this.nodes.table.hidden) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return; // the browser's and the screen reader's shortcuts
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if ((e.key === "Enter" || e.key === " ") && e.target instanceof Element && e.target.closest(OWN_KEYS)) return;
    const action = keyAction(view, this.highlights, e.key, this.letters());
    const lang = this.host.settings().lang;
    switch (action.kind) {
      case "select":
        this.setHighlights({ ...this.highlights, card: action.card });
        this.live.say([cardSpoken(lang, action.card)]);
        break;
      case "move":
        this.play(action.move);
        break;
      case "highlightSuit":
        this.setHighlights({ ...this.highlights, suit: action.suit });
        this.live.say([suitName(lang, action.suit)]);
        break;
      case "chooseTrump":
        this.session?.chooseTrump(action.suit);
        break;
      case "hint":
        this.session?.hint();
        break;
      case "review":
        void this.review();
        break;
      case "none":
        return;
      default: {
        const never: never = action;
        return never;
      }
    }
    e.preventDefault();
  }

  private setHighlights(highlights: Highlights, redraw = true): void {
    this.highlights = highlights;
    this.game?.scene.highlight(highlights, redraw);
    if (redraw) this.syncButtons();
  }

  /** The DOM buttons over the canvas, to the layout the scene has just drawn. */
  private syncButtons(): void {
    const layout = this.game?.scene.currentLayout() ?? null;
    this.buttons.sync(this.view, layout, this.host.settings().lang);
    if (layout) this.reactions.place(layout.reactions);
  }

  private renderToolbar(): void {
    this.toolbar.update(this.host.settings());
  }
}

const ERROR_KEY: Record<ErrorCode, Key> = {
  "suit-taken": "errSuitTaken",
  "not-your-turn": "errNotYourTurn",
  "rate-limited": "errRateLimited",
  malformed: "errRefused",
  "unknown-message": "errRefused",
  "wrong-phase": "errRefused",
  "already-chosen": "errRefused",
  "hint-unavailable": "errRefused",
  spectator: "errSpectator",
  "unknown-reaction": "errRefused",
  "reaction-limit": "errRateLimited",
  muted: "errMuted",
  "not-waiting": "errRefused",
  "not-in-hand": "errRefused",
  "does-not-beat": "errRefused",
  "second-card-due": "errRefused",
  "empty-pile": "errRefused",
  "hand-over": "errRefused",
  "no-berserk": "errRefused",
};

/** The player's words for a refusal; the server's English `message` is for developers. */
export function errorKey(code: ErrorCode): Key {
  return Object.hasOwn(ERROR_KEY, code) ? ERROR_KEY[code] : "errRefused"; // a newer server's code reads as a refusal
}
