/**
 * The table as the lobby and the matchmaker see it: its listing (live list, TV, matchmaking,
 * table-listing.ts) and, at a quick table still waiting, its seek (seek-listing.ts). The
 * listing follows the seats, the phase and the spectators; most patches (moves) change none
 * of it, so it is compared with the one last published before it goes out. Who is marked
 * playing here depends on the phase and the seats alone, so the marks follow the listing.
 */
import type { PlayingMarks } from "../presence/playing-players.js";
import type { TableState } from "../state/table-state.js";
import { playingAt } from "./playing-now.js";
import { seekMetadata, type SeekMetadata } from "./seek-listing.js";
import type { TableFacts } from "./table-settings.js";
import { listingOf, type TableListing } from "./table-listing.js";

export type TableMetadata = TableListing & Partial<SeekMetadata>;

export interface ListingParts {
  state: TableState;
  facts: TableFacts;
  meanwhile: () => boolean; // someone at this quick table plays the computer meanwhile
  playing: PlayingMarks;
  setMetadata: (metadata: TableMetadata) => Promise<unknown>;
  log: (line: string) => void;
}

export class ListingPublisher {
  private listed = ""; // the listing last published, as JSON

  constructor(private readonly parts: ListingParts) {}

  /** The room's metadata now: the table as listed, and who waits at a quick table (its seek). */
  current(): TableMetadata {
    const { state, facts } = this.parts;
    const listing = listingOf(state, {
      watchable: state.mode === "quick" || facts.allowWatching,
      startedAt: facts.startedAt,
    });
    return state.mode === "quick" && state.phase === "waiting"
      ? { ...listing, ...seekMetadata(state, facts.createdAt, this.parts.meanwhile()) }
      : listing;
  }

  /** `metadata` went out by another way (with the room's creation, or with its matchmaking settings): not sent again. */
  published(metadata: TableMetadata): void {
    this.listed = JSON.stringify(metadata);
  }

  /** The table is gone: nobody is marked playing here any longer. */
  stopMarking(): void {
    this.parts.playing.sync(new Set());
  }

  /** Sends the listing if it changed since it was last published (a computer table is never listed). */
  publish(): void {
    if (this.parts.state.mode === "computer") return;
    const listing = this.current();
    const json = JSON.stringify(listing);
    if (json === this.listed) return;
    this.listed = json;
    this.parts.playing.sync(playingAt(this.parts.state));
    this.parts
      .setMetadata(listing)
      .catch((e: unknown) => this.parts.log(`its listing was not updated: ${(e as Error).message}`));
  }
}
