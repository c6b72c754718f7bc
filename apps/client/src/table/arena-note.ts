/**
 * The note over an arena's table: the arena's name; a Berserk button before the player's
 * first move of the hand (where the arena allows it: half the turn clock, +1 for a win of at
 * least 7 own moves); and after the hand "Next hand in 3 s" with Pause — the arena pairs the
 * player again by itself unless they pause, and its page comes back when the table closes.
 * A controller, a pure view and `redraw()`, like the pages.
 */
import { ARENA_NEXT_HAND_MS } from "@yourtrumps/protocol";
import { t, type Lang } from "../i18n/index.js";
import type { TableView } from "../model/view.js";
import type { LastMove } from "../net/snapshot.js";
import { bdi, h, Mount, type VNode } from "../shell/view.js";

/** What the note needs from the table and the arena. */
export interface ArenaNoteHost {
  berserkAllowed(): boolean; // the arena allows berserk
  berserk(): void; // sends `berserk` to the table
  pause(): void; // pauses in the arena: no next hand until Resume on its page
}

/** What the page around the table does for an arena's table. */
export type ArenaTableHost = Omit<ArenaNoteHost, "berserk">;

export interface ArenaNoteState {
  lang: Lang;
  name: string;
  now: number;
  canBerserk: boolean; // allowed, seated, not yet berserk, before the player's first move of the hand
  berserked: boolean; // the player went berserk this hand
  nextAt: number | null; // the hand is over: when the next is paired (epoch ms)
  paused: boolean; // paused from this note
}

export interface ArenaNoteActs {
  berserk(): void;
  pause(): void;
}

/** The note: pure, from its state to its nodes. */
export function arenaNoteView(s: ArenaNoteState & ArenaNoteActs): VNode {
  const L = s.lang;
  const seconds = s.nextAt === null ? 0 : Math.max(0, Math.ceil((s.nextAt - s.now) / 1000));
  return h("div.arena-note", { attrs: { lang: L } }, [
    h("span#arena-note-name", [t(L, "arena"), ": ", bdi(s.name)]),
    ...(s.canBerserk
      ? [
          h(
            "button#arena-berserk-go",
            { attrs: { type: "button" }, on: { click: () => s.berserk() } },
            t(L, "arenaBerserkGo"),
          ),
        ]
      : []),
    ...(s.berserked ? [h("span.note", t(L, "arenaBerserkOn"))] : []),
    ...(s.nextAt === null
      ? []
      : s.paused
        ? [h("span#arena-next", t(L, "arenaPausedBack"))]
        : [
            h("span#arena-next", t(L, "arenaNextHand", { n: seconds })),
            h(
              "button#arena-pause-hand",
              { attrs: { type: "button" }, on: { click: () => s.pause() } },
              t(L, "arenaPause"),
            ),
          ]),
  ]);
}

export class ArenaNote implements ArenaNoteState, ArenaNoteActs {
  lang: Lang = "en";
  name = "";
  now = Date.now();
  canBerserk = false;
  berserked = false;
  nextAt: number | null = null;
  paused = false;
  private hand = ""; // the hand the note is of
  private moved = false; // the player moved in it
  private ticker: ReturnType<typeof setInterval> | undefined;
  private readonly mount: Mount;

  constructor(
    private readonly box: HTMLElement,
    private readonly host: ArenaNoteHost,
  ) {
    this.mount = new Mount(box, () => arenaNoteView(this));
  }

  /** The table's new view (null: the table is gone). */
  update(view: TableView | null, lastMove: LastMove | null, lang: Lang): void {
    if (view?.arena === undefined) return this.off();
    const me = view.seats.find((seat) => seat.isMe);
    if (view.handId !== this.hand) {
      this.hand = view.handId;
      this.moved = false;
      this.paused = false;
    }
    if (me && lastMove?.seat === me.seat) this.moved = true;
    this.lang = lang;
    this.name = view.arena.name;
    this.berserked = me?.arena?.berserk === true;
    this.canBerserk =
      me !== undefined &&
      !this.berserked &&
      !this.moved &&
      (view.phase === "choosing" || view.phase === "playing") &&
      this.host.berserkAllowed();
    if (view.phase === "over") this.nextAt ??= Date.now() + ARENA_NEXT_HAND_MS;
    else this.nextAt = null;
    this.now = Date.now();
    this.box.hidden = false;
    this.tick(this.nextAt !== null && !this.paused);
    this.mount.redraw();
  }

  berserk(): void {
    this.canBerserk = false;
    this.host.berserk();
    this.mount.redraw();
  }

  pause(): void {
    this.paused = true;
    this.host.pause();
    this.tick(false);
    this.mount.redraw();
  }

  private off(): void {
    this.tick(false);
    this.hand = "";
    this.nextAt = null;
    this.box.hidden = true;
    this.mount.clear();
  }

  /** The countdown to the next hand ticks while it shows. */
  private tick(on: boolean): void {
    if (!on) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    } else
      this.ticker ??= setInterval(() => {
        this.now = Date.now();
        this.mount.redraw();
      }, 250);
  }
}
