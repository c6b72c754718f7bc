import type { Card, Move } from "@yourtrumps/engine";
import { cardLabel, t, type Key } from "../i18n/index.js";
import { announce } from "../model/announce.js";
import { keyAction } from "../model/keyboard.js";
import type { ButtonId, Layout } from "../model/layout.js";
import { planSteps } from "../model/plan.js";
import { buildView, type TableView } from "../model/view.js";
import type { HintMessage, TableSnapshot } from "../net/protocol.js";
import { Session, type Entry } from "../net/session.js";
import type { TableGame } from "../scene/game.js";
import { renderBanner } from "./banner.js";
import { el } from "./dom.js";
import { renderLobby } from "./lobby.js";
import { LiveRegion } from "./live.js";
import { saveSettings, type Settings } from "./settings.js";
import { renderToolbar } from "./toolbar.js";

/** The page's fixed DOM nodes (see index.html). */
export interface Nodes {
  lobby: HTMLElement;
  table: HTMLElement; // the canvas parent
  toolbar: HTMLElement;
  banner: HTMLElement; // private-table code and link
  toast: HTMLElement; // errors and connection notes
  live: HTMLElement; // screen-reader live region
  rules: HTMLElement;
}

/**
 * Wires lobby, network session, view model and Phaser table together. Every state patch
 * goes snapshot → view → (diff → plan) → scene; the scene never decides anything.
 */
export class App {
  private session: Session | null = null;
  private game: TableGame | null = null;
  private gameLoading: Promise<TableGame> | null = null;
  private view: TableView | null = null;
  private pending: { snap: TableSnapshot; me: string } | null = null;
  private selected: Card | null = null;
  private catchUp = true; // the next snapshot is shown without animation (first state, reconnect)
  private leaving = false;
  readonly live: LiveRegion;
  private showMs = 0; // how long the last redraw took (bench, tests)

  constructor(
    private readonly nodes: Nodes,
    private settings: Settings,
    private readonly serverUrl: string,
    private readonly joinCode: string,
  ) {
    this.live = new LiveRegion(nodes.live);
    document.addEventListener("keydown", (e) => this.key(e));
    window.addEventListener("resize", () => this.game?.resize(nodes.table.clientWidth, nodes.table.clientHeight));
  }

  /** Back to a saved seat after a refresh, else the lobby. */
  async start(): Promise<void> {
    document.documentElement.lang = this.settings.lang;
    const token = Session.savedToken();
    if (token) {
      try {
        await this.enter({ kind: "reconnect", token });
        return;
      } catch {
        Session.forgetToken();
      }
    }
    this.showLobby();
  }

  /** The current view and layout, and whether cards are still flying (test hook, bench). */
  inspect(): { view: TableView | null; layout: Layout | null; idle: boolean; showMs: number } {
    return { view: this.view, layout: this.game?.scene.currentLayout() ?? null, idle: this.game?.scene.idle() ?? true, showMs: this.showMs };
  }

  private tr(key: Key, params?: Record<string, string | number>): string {
    return t(this.settings.lang, key, params);
  }

  private showLobby(): void {
    this.nodes.lobby.hidden = false;
    this.nodes.rules.hidden = true;
    this.nodes.toolbar.hidden = true;
    this.nodes.banner.hidden = true;
    renderLobby(this.nodes.lobby, this.settings, this.joinCode, {
      enter: (entry) => void this.enter(entry).catch((e: unknown) => this.toast(this.tr("connectFailed", { reason: errorText(e) }))),
      rules: () => void this.showRules(),
      changed: (s) => this.changeSettings(s, true),
    });
  }

  private async showRules(): Promise<void> {
    const { renderRules } = await import("../rules-page/index.js");
    const box = this.nodes.rules;
    box.replaceChildren();
    const back = el("button", { type: "button", id: "rules-back" }, this.tr("back"));
    back.addEventListener("click", () => this.showLobby());
    const body = el("div", {});
    box.append(back, body);
    renderRules(body, this.settings.lang);
    this.nodes.lobby.hidden = true;
    box.hidden = false;
    back.focus();
  }

  private changeSettings(s: Settings, rerenderLobby: boolean): void {
    const langChanged = s.lang !== this.settings.lang;
    this.settings = s;
    saveSettings(localStorage, s);
    document.documentElement.lang = s.lang;
    if (rerenderLobby && langChanged) this.showLobby();
    this.renderToolbar();
    if (this.view && this.game) this.game.scene.show(this.view, [], false);
  }

  private async enter(entry: Entry): Promise<void> {
    this.toast(this.tr(entry.kind === "reconnect" ? "reconnecting" : "connecting"));
    this.leaving = false;
    this.catchUp = true;
    this.view = null;
    const tableReady = this.ensureTable();
    this.session = await Session.open(this.serverUrl, entry, {
      snapshot: (snap, me) => this.snapshot(snap, me),
      error: (e) => this.toast(this.tr(errorKey(e.code))),
      hint: (h) => this.hint(h),
      connection: (state) => this.connection(state),
    });
    this.toast("");
    this.nodes.lobby.hidden = true;
    this.nodes.rules.hidden = true;
    this.nodes.toolbar.hidden = false;
    this.renderToolbar();
    await tableReady;
    this.flush();
  }

  private ensureTable(): Promise<TableGame> {
    this.nodes.table.hidden = false;
    this.gameLoading ??= import("../scene/game.js").then(({ startTable }) =>
      startTable(this.nodes.table, {
        lang: () => this.settings.lang,
        fourColour: () => this.settings.fourColour,
        onCard: (card) => this.play({ type: "play", card }),
        onButton: (id) => this.button(id),
      }).then((g) => (this.game = g)),
    );
    return this.gameLoading;
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
    const prev = this.catchUp ? null : this.view;
    const next = buildView(p.snap, p.me);
    const steps = planSteps(prev, next);
    const animate = !this.settings.reducedMotion && !document.hidden;
    if (this.selected && !next.hand.some((h) => h.card === this.selected && h.legal)) this.selected = null;
    this.view = next;
    this.catchUp = false;
    const t0 = performance.now();
    game.scene.setSelected(this.selected, false);
    game.scene.show(next, steps, animate);
    this.showMs = performance.now() - t0;
    this.live.say(announce(this.settings.lang, prev, next, steps));
    this.renderBanner(next);
  }

  private play(move: Move): void {
    const view = this.view;
    if (!view || !this.session) return;
    const legal = view.legal.some((m) => (m.type === "play" && move.type === "play" ? m.card === move.card : m.type === move.type));
    if (!legal) return;
    this.selected = null;
    this.session.send(move);
  }

  private button(id: ButtonId): void {
    const s = this.session;
    if (!s) return;
    switch (id) {
      case "pickup":
        return this.play({ type: "pickup" });
      case "hint":
        return s.hint();
      case "rematch":
        return s.rematch();
      case "lobby":
        return void this.leave();
      default:
        if (id.startsWith("trump-")) s.chooseTrump(id.slice(-1) as "S" | "H" | "D" | "C");
    }
  }

  private hint(h: HintMessage): void {
    const target = h.move.type === "play" ? h.move.card : "pickup";
    this.game?.scene.setHint(target);
    const move = h.move.type === "play" ? cardLabel(h.move.card) : this.tr("pickup", { n: this.view?.pickup?.count ?? 0 });
    this.live.say([this.tr("hintSays", { move })]);
  }

  private connection(state: "dropped" | "back" | "closed"): void {
    if (state === "dropped") this.toast(this.tr("reconnecting"));
    if (state === "back") {
      this.toast("");
      this.catchUp = true; // the table catches up instantly
    }
    if (state === "closed" && !this.leaving) {
      Session.forgetToken();
      this.toast(this.tr("disconnected"));
      this.backToLobby();
    }
  }

  private async leave(): Promise<void> {
    this.leaving = true;
    await this.session?.leave();
    this.backToLobby();
  }

  private backToLobby(): void {
    this.session = null;
    this.view = null;
    this.nodes.table.hidden = true;
    this.showLobby();
  }

  private key(e: KeyboardEvent): void {
    const view = this.view;
    if (!view || !this.game || this.nodes.table.hidden) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const action = keyAction(view, this.selected, e.key);
    switch (action.kind) {
      case "select":
        this.selected = action.card;
        this.game.scene.setSelected(action.card);
        this.live.say([cardLabel(action.card)]);
        break;
      case "move":
        this.play(action.move);
        break;
      case "hint":
        this.session?.hint();
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

  private renderBanner(view: TableView): void {
    renderBanner(this.nodes.banner, view, this.settings.lang, `${location.origin}${location.pathname}`);
  }

  private renderToolbar(): void {
    renderToolbar(this.nodes.toolbar, this.settings, {
      changed: (s) => this.changeSettings(s, false),
      leave: () => void this.leave(),
    });
  }

  private toastTimer: ReturnType<typeof setTimeout> | undefined;

  /** A short note at the bottom; errors fade after a few seconds. */
  private toast(text: string): void {
    clearTimeout(this.toastTimer);
    this.nodes.toast.textContent = text;
    this.nodes.toast.hidden = text === "";
    if (text) this.toastTimer = setTimeout(() => (this.nodes.toast.hidden = true), 6000);
  }
}

/** The player's words for a refusal; the server's English `message` is for developers. */
export function errorKey(code: string): Key {
  switch (code) {
    case "suit-taken":
      return "errSuitTaken";
    case "not-your-turn":
      return "errNotYourTurn";
    case "rate-limited":
      return "errRateLimited";
    default:
      return "errRefused";
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
