import type { MoveJudgement } from "@yourtrumps/ai";
import { t, type Key } from "../i18n/index.js";
import { seatNames } from "./review-words.js";
import { NO_HIGHLIGHTS, type Layout } from "../model/layout.js";
import { moveFacts, type MoveFact } from "../model/move-facts.js";
import { betterCard, moveLine, stepLines, type MoveLine } from "../model/move-list.js";
import { planSteps } from "../model/plan.js";
import { replayRecord, replaySeat, viewerSeat, type Replay, type ReplayFailure } from "./replay.js";
import {
  animates,
  cursorKey,
  moveCursor,
  startCursor,
  tickMs,
  type Cursor,
  type CursorAction,
} from "./replay-cursor.js";
import { replayView } from "./replay-view.js";
import { graphSeries } from "./review-graph.js";
import { accuracies, markOf } from "./review-marks.js";
import type { TableView } from "../model/view.js";
import { ApiError, type Api } from "../net/api.js";
import { fetchRecord } from "../net/fetch-record.js";
import type { GameRecord } from "../net/game-record.js";
import { localRecord } from "../local/local-hands.js";
import { isOnline } from "../pwa/connectivity.js";
import { firstUnjudged, keepVerdict, keptVerdicts } from "./review/kept-verdicts.js";
import type { ReviewListener, ReviewRun } from "./review/review-run.js";
import type { TableGame } from "../scene/game.js";
import { LiveRegion } from "../shell/live.js";
import { ReplayPanel } from "./replay-panel.js";
import { LOBBY, load } from "../shell/route.js";
import type { Settings } from "../shell/settings.js";

/**
 * The replay opened in the same document by the result panel's Review (shell/app.ts): the
 * table already drawn is reused, and the review begun at the hand's end hands over to it.
 */
export interface FromTable {
  game: Promise<TableGame>; // the table's running scene
  takeReview(handId: string, listener: ReviewListener): ReviewRun | null; // the review begun at the hand's end, now reporting to this page; null: none runs, this page judges the rest
  back(): void; // Back: to the table as it was left (the page is closed by the opener)
}

/** The replay page's DOM nodes (see index.html). */
export interface ReplayNodes {
  table: HTMLElement; // the canvas parent
  replay: HTMLElement; // the panel beside (desktop) or below (phone) the table
  live: HTMLElement;
}

/**
 * The replay page `?game=<id>`: the record from the API, replayed by the engine, shown on
 * the same table scene as live play with every hand face up and each step flown by the
 * same diff plan; the controls, the move list and the keys move a Cursor (model/), and
 * every step is said in the live region. "Review" starts the analyser in a Web Worker
 * and the verdicts fill the list, the accuracy and the graph as they arrive.
 */
export class ReplayPage {
  readonly live: LiveRegion;
  private replay: Replay | null = null;
  private facts: MoveFact[] = [];
  private names: string[] = []; // by seat, the viewer's own "You"
  private you: number | null = null; // the viewer's seat when they played the hand
  private bottom = 0;
  private judgements: (MoveJudgement | null)[] = [];
  private lines: MoveLine[] = [];
  private cursor: Cursor = startCursor(0);
  private panel: ReplayPanel | null = null;
  private game: TableGame | null = null;
  private view: TableView | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private run: ReviewRun | null = null;
  private reviewStatus = "";
  private closed = false;
  private tableRole: string | null = null; // the table's own role, given back on close
  private readonly onKey = (e: KeyboardEvent): void => this.key(e);
  private readonly onResize = (): void =>
    this.game?.resize(this.nodes.table.clientWidth, this.nodes.table.clientHeight);

  constructor(
    private readonly nodes: ReplayNodes,
    private readonly settings: Settings,
    private readonly api: Api,
    private readonly gameId: string,
    private readonly playerId: string | null, // the viewer, whose seat (if they played) sits at the bottom
    private readonly autoReview: boolean,
    private readonly storage: Storage, // localStorage: the hands this page played (local/local-hands.ts)
    private readonly session: Storage, // sessionStorage: the verdicts judged before this page opened (replay/review/kept-verdicts.ts)
    private readonly fromTable: FromTable | null = null, // null: the page was loaded as `?game=`
  ) {
    this.live = new LiveRegion(nodes.live);
  }

  /** Loads, replays and shows the hand (or says why it cannot); starts the review when the link asks. */
  async start(): Promise<void> {
    document.documentElement.lang = this.settings.lang;
    document.body.classList.add("replaying");
    this.nodes.replay.hidden = false;
    this.status("replayLoading");
    const record = await this.load();
    if (record === null) return;
    const outcome = replayRecord(record);
    if (!outcome.ok)
      return this.status(
        failureKey(outcome.failure),
        outcome.failure.kind === "illegal-move" ? { n: outcome.failure.move } : {},
      );
    const replay = outcome.replay;
    this.replay = replay;
    this.facts = moveFacts(replay);
    this.you = viewerSeat(record, this.playerId);
    this.names = seatNames(this.settings.lang, record.seats, this.you);
    this.bottom = replaySeat(record, this.playerId);
    this.judgements = record.log.map(() => null);
    this.cursor = startCursor(record.log.length);
    this.panel = new ReplayPanel(
      this.nodes.replay,
      {
        lang: this.settings.lang,
        act: (a) => this.act(a),
        review: () => this.startReview(),
        back: () => (this.fromTable ? this.fromTable.back() : load(LOBBY)),
      },
      this.resultText(record),
      this.cursor,
    );
    this.refreshLines();
    if (this.autoReview) this.startReview(); // the worker boots while the table does
    document.addEventListener("keydown", this.onKey); // the move list answers the keys while the table still boots
    this.nodes.table.hidden = false;
    this.tableRole = this.nodes.table.getAttribute("role");
    this.nodes.table.setAttribute("role", "img"); // the position drawn; the list and the live region say it in words
    this.nodes.table.setAttribute("aria-label", t(this.settings.lang, "replayTitle"));
    // Let the list (with any verdicts kept) paint before the table is drawn: drawing it takes a while on a slow device.
    await new Promise<void>((ok) => {
      requestAnimationFrame(() => ok());
      setTimeout(ok, 100); // a hidden tab has no frames
    });
    this.game = await this.tableGame();
    if (this.closed) return; // Back before the table came up
    this.game.resize(this.nodes.table.clientWidth, this.nodes.table.clientHeight); // a reused table was laid out before the panel took its side
    window.addEventListener("resize", this.onResize);
    this.showPosition(false);
  }

  /**
   * Closes a replay opened from the table (Back): its keys, timers and review stop, the
   * panel goes, and the table's scene — reused here — is laid out for the table again.
   */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.run?.stop();
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("resize", this.onResize);
    document.body.classList.remove("replaying");
    this.nodes.replay.hidden = true;
    this.panel?.clear();
    this.nodes.replay.replaceChildren();
    if (this.tableRole === null) this.nodes.table.removeAttribute("role");
    else this.nodes.table.setAttribute("role", this.tableRole);
    this.onResize();
  }

  private async tableGame(): Promise<TableGame> {
    if (this.fromTable) return this.fromTable.game;
    const { startTable } = await import("../scene/game.js");
    return startTable(this.nodes.table, {
      lang: () => this.settings.lang,
      fourColour: () => this.settings.fourColour,
      onCard: () => undefined,
      onButton: () => undefined,
    });
  }

  /** The current view and layout, and whether cards are still flying (test hook, bench). */
  inspect(): {
    view: TableView | null;
    layout: Layout | null;
    idle: boolean;
    showMs: number;
    index: number;
    judged: number;
  } {
    return {
      view: this.view,
      layout: this.game?.scene.currentLayout() ?? null,
      idle: this.game?.scene.settled() ?? true,
      showMs: 0,
      index: this.cursor.index,
      judged: this.judgements.filter((j) => j !== null).length,
    };
  }

  /** The record: the page's own copy of a hand it played (no identity or network needed), else the API's. */
  private async load(): Promise<GameRecord | null> {
    const local = localRecord(this.storage, this.gameId);
    if (local) return local;
    if (!isOnline()) {
      this.status("replayUnreachable"); // a request the browser knows will fail is not sent
      return null;
    }
    try {
      return await fetchRecord(this.api, this.gameId);
    } catch (e: unknown) {
      const failure = e instanceof ApiError ? e.failure : "unreachable";
      this.status(
        failure === "not-found" ? "replayNotFound" : failure === "malformed" ? "replayDamaged" : "replayUnreachable",
      );
      return null;
    }
  }

  /** A message in place of the page (loading, or why there is no replay), spoken too. */
  private status(key: Key, params: Record<string, string | number> = {}): void {
    const text = t(this.settings.lang, key, params);
    const loading = key === "replayLoading";
    this.nodes.replay.replaceChildren(
      Object.assign(document.createElement("p"), {
        id: "replay-error",
        className: "replay-message",
        textContent: text,
      }),
    );
    this.nodes.replay.firstElementChild?.setAttribute("role", loading ? "status" : "alert");
    if (!loading) {
      this.nodes.table.hidden = true;
      this.live.say([text]);
    }
  }

  private act(action: CursorAction): void {
    const from = this.cursor.index;
    this.cursor = moveCursor(this.cursor, action);
    clearTimeout(this.timer);
    if (this.cursor.index !== from) this.showPosition(animates(from, this.cursor.index));
    else this.panel?.show(this.cursor);
    if (this.cursor.playing) this.timer = setTimeout(() => this.act({ kind: "tick" }), tickMs(this.cursor));
  }

  /** Draws the cursor's position, flown from the last one when `animate` (one move, motion allowed, tab visible); before the table is up, the list and the words only. */
  private showPosition(animate: boolean): void {
    const replay = this.replay;
    if (!replay) return;
    if (!this.game) {
      this.panel?.show(this.cursor);
      this.live.say(
        stepLines(
          this.settings.lang,
          this.cursor.index,
          this.facts,
          this.names,
          this.judgements[this.cursor.index - 1] ?? null,
          this.you,
        ),
      );
      return;
    }
    const index = this.cursor.index;
    const prev = this.view;
    const next = replayView(replay.record, replay.positions[index]!, index, this.bottom);
    const fly = animate && !this.settings.reducedMotion && !document.hidden;
    this.view = next;
    this.game.scene.highlight({ ...NO_HIGHLIGHTS, hint: betterCard(index, this.lines) }, false);
    this.game.scene.show(next, fly ? planSteps(prev, next) : [], fly);
    this.panel?.show(this.cursor);
    this.drawGraph();
    this.live.say(
      stepLines(this.settings.lang, index, this.facts, this.names, this.judgements[index - 1] ?? null, this.you),
    );
  }

  private startReview(): void {
    const replay = this.replay;
    if (!replay || this.run) return;
    const { record } = replay;
    // What the table page judged while the result showed (warm-review.ts): shown at once, and only the rest judged here.
    this.judgements = keptVerdicts(this.session, record.id, record.log.length);
    const from = firstUnjudged(this.judgements);
    this.reviewStatus = t(this.settings.lang, "reviewing", { done: from, n: this.facts.length });
    this.refreshLines();
    this.drawReview();
    const listener: ReviewListener = {
      judged: (index, judgement) => {
        this.judgements[index] = judgement;
        keepVerdict(this.session, record.id, index, judgement); // a reload of this page carries on from here
        const done = this.judgements.filter((j) => j !== null).length;
        this.reviewStatus = t(this.settings.lang, "reviewing", { done, n: this.facts.length });
        this.refreshLines();
        this.drawReview();
        if (index === this.cursor.index - 1)
          this.game?.scene.highlight({ ...NO_HIGHLIGHTS, hint: betterCard(this.cursor.index, this.lines) });
      },
      done: () => {
        this.reviewStatus = t(this.settings.lang, "reviewDone");
        this.drawReview();
        this.live.say([this.reviewStatus]);
        void this.showMistakes(record);
      },
      failed: (reason) => {
        this.reviewStatus = t(this.settings.lang, "reviewFailed", { reason });
        this.drawReview();
      },
    };
    // In the same task as reading the kept verdicts: the review begun at the hand's end carries on for this page.
    this.run = this.fromTable?.takeReview(record.id, listener) ?? null;
    if (this.run === null)
      void import("./review/review-run.js").then(({ ReviewRun }) => {
        if (!this.closed) this.run = new ReviewRun(record, listener, from);
      });
  }

  /** After the review: the viewer's own mistakes in this duel that the server made puzzles of (it searches each recorded duel). */
  private async showMistakes(record: GameRecord): Promise<void> {
    if (this.playerId === null || record.setup.players !== 2) return;
    try {
      const mine = (await this.api.mistakes(this.playerId)).filter((m) => m.gameId === record.id);
      this.panel?.showMistakes(mine);
    } catch {
      // Without an answer the review stands as it is.
    }
  }

  private refreshLines(): void {
    this.lines = this.facts.map((fact, i) =>
      moveLine(this.settings.lang, fact, this.names, this.judgements[i] ?? null, this.you),
    );
    this.panel?.setLines(this.lines);
    this.panel?.show(this.cursor);
  }

  private drawReview(): void {
    const replay = this.replay;
    if (!replay || !this.panel) return;
    const done = this.judgements.filter((j) => j !== null).length;
    this.panel.reviewState(
      accuracies(replay.record.setup.players, this.judgements),
      this.names,
      done,
      this.reviewStatus,
    );
    this.drawGraph();
  }

  private drawGraph(): void {
    const replay = this.replay;
    if (!replay || !this.panel || this.run === null) return;
    this.panel.showGraph({
      series: graphSeries(replay.record.setup.players, this.judgements),
      moves: this.facts.length,
      marks: this.judgements.map((j) => (j === null ? null : markOf(j))),
      at: this.cursor.index,
      label:
        this.you === 0
          ? t(this.settings.lang, "graphLabelYou")
          : t(this.settings.lang, "graphLabel", { name: this.names[0] ?? "" }),
      lang: this.settings.lang,
      names: this.names,
    });
  }

  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return; // the browser's and the screen reader's shortcuts
    const target = e.target;
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement
    )
      return; // the slider and the speed move themselves
    if (e.key === " " && target instanceof Element && target.closest("button, a[href], summary")) return; // Space presses the focused button
    const action = cursorKey(e.key);
    if (action === null) return;
    e.preventDefault();
    this.act(action);
  }

  private resultText(record: GameRecord): string {
    const L = this.settings.lang;
    const r = record.result;
    const result =
      r.loser === null
        ? t(L, "resultDraw")
        : r.loser === this.you
          ? t(L, "resultLose")
          : t(L, "resultLoser", { name: this.names[r.loser] ?? "?" });
    return t(L, "replayResult", { result });
  }
}

const FAILURE_KEY: Record<ReplayFailure["kind"], Key> = {
  "bad-setup": "replayDamaged",
  "illegal-move": "replayBadMove",
  "wrong-end": "replayBadEnd",
};

function failureKey(f: ReplayFailure): Key {
  return FAILURE_KEY[f.kind];
}
