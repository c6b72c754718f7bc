/**
 * The Tournaments page (`#arenas`): the arenas upcoming (with a countdown to the start),
 * running (with the time left) and recently finished, from `GET /api/arenas`, each opening its
 * arena page; and a form creating one (`POST /api/arenas`: an account's; a guest is told it
 * needs an account). A controller, a pure view and `redraw()`; the countdowns tick from the
 * view's insert hook until its destroy hook, and the list is asked again every 30 s.
 */
import { arenaNameLink } from "./arena-name-link.js";
import {
  ARENA_MINUTES,
  ARENA_NAME_MAX,
  type ArenaList,
  type ArenaSummary,
  type NewArenaRequest,
} from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import { ApiError } from "../net/api.js";
import { h, Mount, type VNode } from "../shell/view.js";
import { countdown, startText } from "./arena-time.js";

export interface ArenasPageHost {
  lang: Lang;
  locale: string;
  minMinutes: number; // the form's floor (the server's own may be lower in tests)
  list(): Promise<ArenaList>;
  create(request: NewArenaRequest): Promise<{ id: string }>; // rejects with an ApiError
  canCreate(): boolean; // the page's player has an account (a guest joins arenas, it does not create them)
  signIn(): void; // the sign-in page, for a guest who would create one
  open(arenaId: string): void;
  back(): void;
}

/** The creation form as typed. */
export interface ArenaForm {
  name: string;
  minutes: string;
  startsAt: string; // a `datetime-local` value; "" = now
  rated: boolean;
  berserk: boolean;
  streaks: boolean;
  minRatedHands: string;
  maxRating: string;
}

export interface ArenasPageState {
  lang: Lang;
  locale: string;
  now: number;
  minMinutes: number;
  list: ArenaList | "loading" | "failed";
  form: ArenaForm;
  creating: boolean;
  createError: Key | null; // why the last creation was refused
  canCreate: boolean; // an account: the form is offered; a guest is told it needs one, with a way to sign in
}

export interface ArenasPageActs {
  back(): void;
  open(arenaId: string): void;
  edit(change: Partial<ArenaForm>): void;
  create(): void;
  signIn(): void;
  started(): void;
  stopped(): void;
}

const LIST_EVERY_MS = 30_000;

/** A creation's refusal in words. */
function refusalKey(e: unknown): Key {
  if (!(e instanceof ApiError)) return "arenaCreateFailed";
  if (e.status === 403 || e.status === 401) return "arenaNeedsAccount";
  if (e.status === 400) return "arenaCreateBad";
  return "arenaCreateFailed";
}

/** The form's request, or the key of what is wrong with it. */
export function arenaRequest(form: ArenaForm, minMinutes: number): NewArenaRequest | Key {
  const name = form.name.trim();
  const minutes = Number(form.minutes);
  if (name === "" || [...name].length > ARENA_NAME_MAX) return "arenaBadName";
  if (!Number.isInteger(minutes) || minutes < minMinutes || minutes > ARENA_MINUTES.max) return "arenaBadMinutes";
  const request: NewArenaRequest = { name, minutes, rated: form.rated, berserk: form.berserk, streaks: form.streaks };
  if (form.startsAt !== "") {
    const at = new Date(form.startsAt).getTime();
    if (!Number.isFinite(at)) return "arenaBadStart";
    request.startsAt = at;
  }
  const minRated = form.minRatedHands.trim() === "" ? 0 : Number(form.minRatedHands);
  if (!Number.isInteger(minRated) || minRated < 0) return "arenaBadEntry";
  if (minRated > 0) request.minRatedHands = minRated;
  if (form.maxRating.trim() !== "") {
    const max = Number(form.maxRating);
    if (!Number.isInteger(max) || max <= 0) return "arenaBadEntry";
    request.maxRating = max;
  }
  return request;
}

export class ArenasPage implements ArenasPageState, ArenasPageActs {
  list: ArenaList | "loading" | "failed" = "loading";
  now = Date.now();
  form: ArenaForm = {
    name: "",
    minutes: "60",
    startsAt: "",
    rated: true,
    berserk: true,
    streaks: true,
    minRatedHands: "",
    maxRating: "",
  };
  creating = false;
  createError: Key | null = null;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private reloader: ReturnType<typeof setInterval> | undefined;
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: ArenasPageHost,
  ) {
    this.mount = new Mount(root, () => arenasPageView(this));
  }

  get lang(): Lang {
    return this.host.lang;
  }
  get locale(): string {
    return this.host.locale;
  }
  get minMinutes(): number {
    return this.host.minMinutes;
  }
  get canCreate(): boolean {
    return this.host.canCreate();
  }

  signIn(): void {
    this.host.signIn();
  }

  show(): void {
    this.mount.redraw();
    void this.load();
  }

  hide(): void {
    this.mount.clear();
  }

  back(): void {
    this.host.back();
  }

  open(arenaId: string): void {
    this.host.open(arenaId);
  }

  edit(change: Partial<ArenaForm>): void {
    this.set(() => {
      this.form = { ...this.form, ...change };
      this.createError = null;
    });
  }

  create(): void {
    if (this.creating) return;
    const request = arenaRequest(this.form, this.minMinutes);
    if (typeof request === "string") return this.set(() => (this.createError = request));
    this.set(() => (this.creating = true));
    this.host.create(request).then(
      ({ id }) => {
        this.set(() => (this.creating = false));
        this.host.open(id);
      },
      (e: unknown) =>
        this.set(() => {
          this.creating = false;
          this.createError = refusalKey(e);
        }),
    );
  }

  started(): void {
    this.ticker = setInterval(() => this.set(() => (this.now = Date.now())), 1000);
    this.reloader = setInterval(() => void this.load(), LIST_EVERY_MS);
  }

  stopped(): void {
    clearInterval(this.ticker);
    clearInterval(this.reloader);
  }

  private async load(): Promise<void> {
    try {
      const list = await this.host.list();
      this.set(() => (this.list = list));
    } catch {
      if (this.list === "loading") this.set(() => (this.list = "failed"));
    }
  }

  private set(change: () => void): void {
    change();
    if (this.mount.mounted) this.mount.redraw();
  }
}

/** The Tournaments page: pure, from its state to its nodes. */
export function arenasPageView(ctrl: ArenasPageState & ArenasPageActs): VNode {
  const L = ctrl.lang;
  const list = ctrl.list;
  return h(
    "div.page-body",
    { attrs: { lang: L }, hook: { insert: () => ctrl.started(), destroy: () => ctrl.stopped() } },
    [
      h("header.page-head", [
        h("button#page-back.page-back", { attrs: { type: "button" }, on: { click: () => ctrl.back() } }, t(L, "back")),
        h("h1#page-title", t(L, "arenas")),
      ]),
      typeof list === "string"
        ? h("p.page-status", { attrs: { role: "status" } }, t(L, list === "loading" ? "loading" : "arenasFailed"))
        : h("div#arena-lists", [
            section(ctrl, "arenas-running", "arenasRunning", list.running),
            section(ctrl, "arenas-upcoming", "arenasUpcoming", list.upcoming),
            section(ctrl, "arenas-finished", "arenasFinished", list.finished),
          ]),
      createForm(ctrl),
    ],
  );
}

function section(ctrl: ArenasPageState & ArenasPageActs, id: string, title: Key, arenas: ArenaSummary[]): VNode {
  const L = ctrl.lang;
  return h(`section#${id}.arena-list`, { attrs: { "aria-labelledby": `${id}-title` } }, [
    h(`h2#${id}-title`, t(L, title)),
    arenas.length === 0
      ? h("p.note", t(L, "arenasNone"))
      : h(
          "ul",
          arenas.map((a) => h("li", { key: a.id }, arenaLine(ctrl, a))),
        ),
  ]);
}

/** One arena: its name (a link to its page), its kind, and when it starts or ends. */
function arenaLine(ctrl: ArenasPageState & ArenasPageActs, a: ArenaSummary): (string | VNode)[] {
  const L = ctrl.lang;
  const when =
    a.status === "created"
      ? t(L, "arenaStartsIn", { time: countdown(a.startsAt, ctrl.now) }) + ` (${startText(a.startsAt, ctrl.locale)})`
      : a.status === "started"
        ? t(L, "arenaEndsIn", { time: countdown(a.endsAt, ctrl.now) })
        : t(L, a.final ? "arenaOver" : "arenaLastHands");
  return [
    arenaNameLink(`a.arena-link#arena-${a.id}`, a, (id) => ctrl.open(id)),
    " · ",
    arenaKind(L, a),
    " · ",
    h("span.arena-when", when),
  ];
}

/** "60 min · rated · berserk · streaks" and the entry conditions. */
export function arenaKind(L: Lang, a: ArenaSummary): string {
  const parts = [t(L, "arenaMinutes", { n: a.minutes }), t(L, a.rated ? "arenaRated" : "arenaCasual")];
  if (a.berserk) parts.push(t(L, "arenaBerserk"));
  if (a.streaks) parts.push(t(L, "arenaStreaks"));
  if (a.minRatedHands > 0) parts.push(t(L, "arenaMinRated", { n: a.minRatedHands }));
  if (a.maxRating !== null) parts.push(t(L, "arenaMaxRating", { rating: a.maxRating }));
  return parts.join(" · ");
}

function createForm(ctrl: ArenasPageState & ArenasPageActs): VNode {
  const L = ctrl.lang;
  const f = ctrl.form;
  const field = (id: string, label: Key, input: VNode) =>
    h("label.arena-field", { attrs: { for: id } }, [t(L, label), input]);
  const text = (id: string, key: keyof ArenaForm, type: string, extra: Record<string, string | number> = {}) =>
    h(`input#${id}`, {
      attrs: { type, ...extra },
      props: { value: f[key] },
      on: { input: (e: Event) => ctrl.edit({ [key]: (e.target as HTMLInputElement).value }) },
    });
  const check = (id: string, key: "rated" | "berserk" | "streaks", label: Key) =>
    h("label.arena-check", { attrs: { for: id } }, [
      h(`input#${id}`, {
        attrs: { type: "checkbox" },
        props: { checked: f[key] },
        on: { change: (e: Event) => ctrl.edit({ [key]: (e.target as HTMLInputElement).checked }) },
      }),
      t(L, label),
    ]);
  if (!ctrl.canCreate)
    return h("section#arena-create.arena-create", { attrs: { "aria-labelledby": "arena-create-title" } }, [
      h("h2#arena-create-title", t(L, "arenaCreate")),
      h("p#arena-create-account.note", t(L, "arenaNeedsAccount")),
      h("button#arena-sign-in", { attrs: { type: "button" }, on: { click: () => ctrl.signIn() } }, t(L, "signIn")),
    ]);
  return h(
    "form#arena-create.arena-create",
    {
      attrs: { "aria-labelledby": "arena-create-title" },
      on: {
        submit: (e: Event) => {
          e.preventDefault();
          ctrl.create();
        },
      },
    },
    [
      h("h2#arena-create-title", t(L, "arenaCreate")),
      field("arena-name", "arenaName", text("arena-name", "name", "text", { maxlength: ARENA_NAME_MAX })),
      field(
        "arena-minutes",
        "arenaLength",
        text("arena-minutes", "minutes", "number", { min: ctrl.minMinutes, max: ARENA_MINUTES.max, step: 1 }),
      ),
      field("arena-start", "arenaStart", text("arena-start", "startsAt", "datetime-local")),
      check("arena-rated", "rated", "arenaRated"),
      check("arena-berserk", "berserk", "arenaBerserk"),
      check("arena-streaks", "streaks", "arenaStreaks"),
      field("arena-min-rated", "arenaMinRatedField", text("arena-min-rated", "minRatedHands", "number", { min: 0 })),
      field("arena-max-rating", "arenaMaxRatingField", text("arena-max-rating", "maxRating", "number", { min: 1 })),
      h(
        "button#arena-create-go",
        { attrs: { type: "submit" }, props: { disabled: ctrl.creating } },
        t(L, "arenaCreateGo"),
      ),
      h("p#arena-create-error.note", { attrs: { role: "alert" } }, ctrl.createError ? t(L, ctrl.createError) : ""),
    ],
  );
}
