import type { TableSnapshot } from "../net/snapshot.js";
import type { ReportCandidate } from "../people/report-dialog.js";

/**
 * The people at a table the page may report (the ⚙ menu's Report): identified persons only —
 * never the page's own player (seated or watching), never a computer seat, never an anonymous
 * one (nobody to act on).
 */
export function reportable(snap: Pick<TableSnapshot, "seats">, me: string | null): ReportCandidate[] {
  return snap.seats
    .filter((seat) => !seat.isAI && seat.playerId !== "" && seat.playerId !== me)
    .map((seat) => ({ playerId: seat.playerId, name: seat.name }));
}
