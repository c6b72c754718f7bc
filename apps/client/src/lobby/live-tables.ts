/**
 * The lobby's "Live now": the tables being played, best rated first, as `#live-tables li`
 * (players, ratings, size, how many watch; drawn by lobby-view.ts). The list is the server's
 * `live` room's synced state (apps/server lobby/live-room.ts), which the server patches at
 * most once a second, so it updates without a reload and without polling. The room is
 * joined while the lobby shows and left when a table replaces it.
 */
import { Client, type Room } from "@colyseus/sdk";
import { LIVE_ROOM_NAME, type LiveTable } from "@yourtrumps/protocol";

export interface LiveTablesHost {
  changed(tables: readonly LiveTable[]): void;
}

export class LiveTables {
  private room: Room | null = null;
  private joining: Promise<void> | null = null;
  private tables: LiveTable[] = [];
  private showing = false;

  constructor(
    private readonly serverUrl: string,
    private readonly host: LiveTablesHost,
  ) {}

  /** The lobby shows: the tables now and as they change. */
  start(): void {
    this.showing = true;
    this.joining ??= this.join().finally(() => (this.joining = null));
  }

  /** The lobby is gone: the list stops updating. */
  stop(): void {
    this.showing = false;
    const room = this.room;
    this.room = null;
    void room?.leave().catch(() => undefined);
  }

  private async join(): Promise<void> {
    if (this.room) return;
    if (navigator.onLine === false) {
      // Offline a join is bound to fail: ask again once the browser is online, if the lobby still shows.
      const online = (): void => {
        if (this.showing) this.joining ??= this.join().finally(() => (this.joining = null));
      };
      window.addEventListener("online", online, { once: true });
      return;
    }
    const client = new Client(this.serverUrl);
    client.http.options.credentials = "omit";
    try {
      const room = await client.joinOrCreate(LIVE_ROOM_NAME);
      if (!this.showing) return void room.leave().catch(() => undefined); // the lobby went meanwhile
      this.room = room;
      room.onStateChange((state: unknown) => {
        this.tables = (state as { toJSON(): { tables?: LiveTable[] } }).toJSON().tables ?? [];
        if (this.showing) this.host.changed(this.tables);
      });
    } catch {
      // no list this time: the lobby works without it
    }
  }
}
