/**
 * The lobby's `live` room: the live list, kept up to date without a reload. Colyseus'
 * own LobbyRoom (with `enableRealtimeListing()`) is not used: it sends each lobby client
 * a message for every change of every room's listing as it happens (`+`/`-` per room,
 * unbatched, JSON-encoded once per client), which at 2,000 tables means a stream of
 * messages to each of 500 clients. Here the list is read from the listing once a second
 * (every process's tables: lobby/now-playing.ts) and written into synced state, whose
 * patch Colyseus encodes once and sends to every client once a second (`patchRate`):
 * a batched diff, and only of what changed — a table's spectator count, say.
 */
import { Room } from "@colyseus/core";
import { Encoder } from "@colyseus/schema";
import type { LiveAnswer, LiveSeat, LiveTable } from "@yourtrumps/protocol";
import { nowPlaying } from "./now-playing.js";
import { LiveSeatState, LiveState, LiveTableState } from "./live-state.js";

const REFRESH_MS = 1000;
const LIVE_ENCODER_BUFFER_BYTES = 32 * 1024; // room to spare for LIVE_TABLES_MAX tables of four seats with the longest names

export class LiveRoom extends Room<{ state: LiveState }> {
  override maxMessagesPerSecond = 5; // lobby clients send nothing

  /** Runs once when the first lobby client arrives: the list is read now and every REFRESH_MS (Colyseus disposes of the room when the last one leaves). */
  override async onCreate(): Promise<void> {
    // The list outgrows the small buffers every table's encoder is made with (encoder-buffers.ts): this one encoder gets bigger ones.
    const tableSize = Encoder.BUFFER_SIZE;
    Encoder.BUFFER_SIZE = LIVE_ENCODER_BUFFER_BYTES;
    try {
      this.state = new LiveState();
    } finally {
      Encoder.BUFFER_SIZE = tableSize;
    }
    this.patchRate = REFRESH_MS;
    await this.refresh();
    this.clock.setInterval(() => void this.refresh(), REFRESH_MS);
  }

  private async refresh(): Promise<void> {
    try {
      syncLive(this.state, await nowPlaying());
    } catch {
      // the listing could not be read this time (Redis down): the list stays as it was
    }
  }
}

/** Makes `state` show `answer`, changing only what differs, so the patch is the diff. */
export function syncLive(state: LiveState, answer: LiveAnswer): void {
  state.online = answer.online;
  state.tv = answer.tv ?? "";
  answer.tables.forEach((table, i) => {
    const shown = state.tables.at(i);
    if (shown === undefined) state.tables.push(tableState(table));
    else syncTable(shown, table);
  });
  while (state.tables.length > answer.tables.length) state.tables.pop();
}

function syncTable(shown: LiveTableState, table: LiveTable): void {
  shown.roomId = table.roomId;
  shown.mode = table.mode;
  shown.players = table.players;
  shown.spectators = table.spectators;
  shown.startedAt = table.startedAt;
  table.seats.forEach((seat, i) => {
    const seatShown = shown.seats.at(i);
    if (seatShown === undefined) shown.seats.push(seatState(seat));
    else Object.assign(seatShown, seat);
  });
  while (shown.seats.length > table.seats.length) shown.seats.pop();
}

function tableState(table: LiveTable): LiveTableState {
  const shown = new LiveTableState();
  syncTable(shown, table);
  return shown;
}

function seatState(seat: LiveSeat): LiveSeatState {
  return Object.assign(new LiveSeatState(), seat);
}
