/**
 * The lobby's "Live now": the tables being played, best rated first, as `#live-tables li`
 * (players, ratings, size, how many watch); a click watches. The list is the server's
 * `live` room's synced state (apps/server lobby/live-room.ts), which the server patches at
 * most once a second, so it updates without a reload and without polling. The room is
 * joined while the lobby shows and left when a table replaces it.
 */
import { Client, type Room } from "@colyseus/sdk";
import { LIVE_ROOM_NAME, type LiveTable } from "@yourtrumps/protocol";
import { seatName, t, type Lang } from "../i18n/index.js";
import { el } from "./dom.js";

export interface LiveTablesHost {
  lang(): Lang;
  watch(roomId: string): void;
}

export class LiveTables {
  private room: Room | null = null;
  private joining: Promise<void> | null = null;
  private tables: LiveTable[] = [];
  private list: HTMLElement | null = null;

  constructor(
    private readonly serverUrl: string,
    private readonly host: LiveTablesHost,
  ) {}

  /** The lobby was drawn with `list` (an empty `<ul id="live-tables">`): it shows the tables now and as they change. */
  show(list: HTMLElement): void {
    this.list = list;
    this.render();
    this.joining ??= this.join().finally(() => (this.joining = null));
  }

  /** The lobby is gone: the list stops updating. */
  stop(): void {
    this.list = null;
    const room = this.room;
    this.room = null;
    void room?.leave().catch(() => undefined);
  }

  private async join(): Promise<void> {
    if (this.room) return;
    if (navigator.onLine === false) {
      // Offline a join is bound to fail: ask again once the browser is online, if the lobby still shows.
      const online = (): void => {
        if (this.list) this.joining ??= this.join().finally(() => (this.joining = null));
      };
      window.addEventListener("online", online, { once: true });
      return;
    }
    const client = new Client(this.serverUrl);
    client.http.options.credentials = "omit";
    try {
      const room = await client.joinOrCreate(LIVE_ROOM_NAME);
      if (this.list === null) return void room.leave().catch(() => undefined); // the lobby went meanwhile
      this.room = room;
      room.onStateChange((state: unknown) => {
        this.tables = (state as { toJSON(): { tables?: LiveTable[] } }).toJSON().tables ?? [];
        this.render();
      });
    } catch {
      // no list this time: the lobby works without it
    }
  }

  private render(): void {
    const list = this.list;
    if (!list || !list.isConnected) return;
    const lang = this.host.lang();
    list.replaceChildren(...this.tables.map((table) => this.item(table, lang)));
    const none = list.nextElementSibling;
    if (none instanceof HTMLElement && none.classList.contains("live-none")) none.hidden = this.tables.length > 0;
  }

  private item(table: LiveTable, lang: Lang): HTMLElement {
    const names = table.seats
      .map((seat) =>
        seat.rating > 0
          ? `${seatName(lang, seat.name, seat.computer)} (${seat.rating})`
          : seatName(lang, seat.name, seat.computer),
      )
      .join(" – ");
    const button = el(
      "button",
      { type: "button", "data-room": table.roomId },
      t(lang, "liveTable", { names, watching: t(lang, "watchingCount", { n: table.spectators }) }),
    );
    button.addEventListener("click", () => this.host.watch(table.roomId));
    return el("li", {}, button);
  }
}
