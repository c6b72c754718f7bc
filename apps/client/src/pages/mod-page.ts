/**
 * The moderators' page: `#mod` lists the open reports and the latest of the audit log;
 * `#mod=<id>` is a player's file — their ratings, restrictions, last hands (with replay
 * links), reports and the audit log of what was done to them — with the actions: rename,
 * mute reactions, mark, close the account, dismiss the reports, each asking a reason, and
 * each undone from the same page (the pair of the action, or a rename back). The server
 * decides who may see it: anyone else, or a page without an identity, is told "not allowed".
 * A controller, a pure view (mod-view.ts) and `redraw()`.
 */
import type { ModAction } from "@yourtrumps/protocol";
import type { Lang } from "../i18n/index.js";
import { ApiError } from "../net/api.js";
import type { Flags, ModFile, ModQueue } from "../net/moderation-bodies.js";
import { Mount } from "../shell/view.js";
import { modPageView, type ModPageActs, type ModPageState, type PendingAction } from "./mod-view.js";

export interface ModPageHost {
  lang: Lang;
  locale: string; // dates in the browser's regional style for lang
  queue(): Promise<ModQueue>;
  file(playerId: string): Promise<ModFile>;
  act(playerId: string, act: { action: ModAction; reason: string; name?: string }): Promise<Flags>;
  open(playerId: string | null): void; // moves the address to the queue or a player's file (shown through `showing`)
  replayHref(gameId: string): string; // a hand's replay address
  playerHref(playerId: string): string; // a player's public page
  back(): void;
}

/** Why a load gave nothing to show. */
const denied = (e: unknown): boolean => e instanceof ApiError && (e.status === 401 || e.status === 403);

export class ModPage implements ModPageState, ModPageActs {
  queue: ModQueue | "loading" | "denied" | "failed" = "loading";
  file: ModFile | "loading" | "denied" | "failed" | null = null; // null: the queue shows
  playerId: string | null = null;
  pending: PendingAction | null = null;
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: ModPageHost,
  ) {
    this.mount = new Mount(root, () => modPageView(this));
  }

  get lang(): Lang {
    return this.host.lang;
  }
  get locale(): string {
    return this.host.locale;
  }

  /** Shows the queue (null) or a player's file, loading it afresh. */
  showing(playerId: string | null): void {
    this.playerId = playerId;
    this.pending = null;
    if (playerId === null) {
      this.queue = "loading";
      this.mount.redraw();
      void this.host.queue().then(
        (q) => this.set(() => (this.queue = q)),
        (e: unknown) => this.set(() => (this.queue = denied(e) ? "denied" : "failed")),
      );
      return;
    }
    this.file = "loading";
    this.mount.redraw();
    void this.loadFile(playerId);
  }

  /** The page is left. */
  hide(): void {
    this.mount.clear();
  }

  back(): void {
    this.host.back();
  }

  openFile(playerId: string | null): void {
    this.host.open(playerId);
  }

  replayHref(gameId: string): string {
    return this.host.replayHref(gameId);
  }

  playerHref(playerId: string): string {
    return this.host.playerHref(playerId);
  }

  ask(action: ModAction, name = ""): void {
    this.set(() => (this.pending = { action, reason: "", name, sending: false, refused: null }));
  }

  edit(field: "reason" | "name", value: string): void {
    if (this.pending) this.pending[field] = value; // the field shows what is typed: no redraw
  }

  cancel(): void {
    this.set(() => (this.pending = null));
    this.focusActions();
  }

  confirm(): void {
    const p = this.pending;
    const id = this.playerId;
    if (p === null || id === null || p.sending) return;
    const act = {
      action: p.action,
      reason: p.reason.trim(),
      ...(p.action === "rename" ? { name: p.name.trim() } : {}),
    };
    this.set(() => ((p.sending = true), (p.refused = null)));
    this.host.act(id, act).then(
      async () => {
        this.pending = null;
        await this.loadFile(id); // the flags, the audit log and the closed reports, as the server has them now
        this.focusActions();
      },
      (e: unknown) =>
        this.set(() => {
          p.sending = false;
          p.refused = e instanceof ApiError && e.said !== null ? e.said : e instanceof Error ? e.message : String(e);
        }),
    );
  }

  /** The form is gone: the focus goes to the actions, not to the document's start. */
  private focusActions(): void {
    document.querySelector<HTMLElement>("#mod-actions button")?.focus();
  }

  private async loadFile(playerId: string): Promise<void> {
    try {
      const file = await this.host.file(playerId);
      if (this.playerId === playerId) this.set(() => (this.file = file));
    } catch (e) {
      if (this.playerId === playerId) this.set(() => (this.file = denied(e) ? "denied" : "failed"));
    }
  }

  private set(change: () => void): void {
    change();
    if (this.mount.mounted) this.mount.redraw();
  }
}
