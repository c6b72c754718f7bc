/**
 * Playing the computer while a quick-match seek waits: the online table is set aside
 * with its connection open (the server holds its quick fill off, table/quick-fill.ts) and
 * a local game starts in the page. When a person sits down at the seek, a sound and an
 * offer (seat-offer.ts): Play sets the local game aside (local/saved-table.ts: the lobby
 * offers to resume it) and opens the table; Decline — or no answer in time — lets the
 * newcomer go (the server releases their seat) and the local game goes on.
 *
 * Leaving the local game for the lobby gives the seek up too: nobody is left to answer.
 */
import type { LocalEntry } from "../local/page-table.js";
import { setTableAside } from "../local/saved-table.js";
import type { TableSnapshot } from "../net/snapshot.js";
import type { SessionEvents } from "../net/table-session.js";
import type { Lang } from "../i18n/index.js";
import { SeatOffer } from "./seat-offer.js";
import type { AsideTable } from "./table-controller.js";

export interface MeanwhileHost {
  lang(): Lang;
  name(): string;
  setAside(listener: SessionEvents): { aside: AsideTable; last: Shown | null } | null;
  takeBack(aside: AsideTable, last: Shown | null): void;
  playLocal(entry: LocalEntry): Promise<boolean>;
  seated(): void; // the sound of someone sitting down
  lost(): void; // the seek's connection closed for good (said in a toast)
}

type Shown = { snap: TableSnapshot; me: string };

export class Meanwhile {
  private aside: AsideTable | null = null;
  private last: Shown | null = null;
  private known = new Set<string>(); // sessions seated when the page began to play meanwhile
  private offered = ""; // the newcomer's session whose offer shows
  private readonly offer: SeatOffer;

  constructor(private readonly host: MeanwhileHost) {
    this.offer = new SeatOffer(() => host.lang(), { play: () => this.play(), decline: () => this.decline() });
  }

  /** True while a seek waits in the background. */
  get waiting(): boolean {
    return this.aside !== null;
  }

  /** "Play the computer meanwhile": the seek goes to the background, a local game of the same size starts. */
  async start(): Promise<void> {
    if (this.aside) return;
    const taken = this.host.setAside(this.events());
    if (!taken) return;
    this.aside = taken.aside;
    this.last = taken.last;
    this.known = new Set(people(taken.last));
    this.aside.session.meanwhile(true);
    const players =
      taken.last?.snap.seats.length === 3 || taken.last?.snap.seats.length === 4 ? taken.last.snap.seats.length : 2;
    if (!(await this.host.playLocal({ kind: "local", options: { players, level: "medium", name: this.host.name() } })))
      this.end();
  }

  /** The local game was left (or the page goes elsewhere): the seek is given up. */
  end(): void {
    const aside = this.aside;
    this.aside = null;
    this.offer.close();
    if (aside) void aside.session.leave();
  }

  private events(): SessionEvents {
    return {
      snapshot: (snap, me) => this.snapshot({ snap, me }),
      error: () => {},
      hint: () => {},
      connection: (state) => {
        if (state !== "closed" || this.aside === null) return;
        this.aside = null;
        this.offer.close();
        this.host.lost();
      },
    };
  }

  private snapshot(shown: Shown): void {
    this.last = shown;
    const { snap, me } = shown;
    if (snap.phase !== "waiting") return this.end(); // the table went on without this person (the hold lapsed): nothing to come back to
    const newcomer = snap.seats.find(
      (s) => !s.isAI && s.sessionId !== "" && s.sessionId !== me && !this.known.has(s.sessionId),
    );
    if (!newcomer) {
      this.offered = "";
      return this.offer.close(); // released, lapsed or gone
    }
    if (this.offered === newcomer.sessionId && this.offer.showing) return;
    this.offered = newcomer.sessionId;
    this.offer.show(newcomer.name, snap.deadline > Date.now() ? snap.deadline : Date.now() + 20_000);
    this.host.seated();
  }

  private play(): void {
    const aside = this.aside;
    if (!aside) return;
    this.aside = null;
    aside.session.meanwhile(false);
    this.host.takeBack(aside, this.last);
    setTableAside(sessionStorage); // after the local table stopped: the lobby offers to resume it
  }

  private decline(): void {
    this.aside?.session.notNow();
  }
}

/** The sessions of the people seated in `shown`. */
function people(shown: Shown | null): string[] {
  return (shown?.snap.seats ?? []).filter((s) => !s.isAI && s.sessionId !== "").map((s) => s.sessionId);
}
