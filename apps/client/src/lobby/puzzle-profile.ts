import type { Api } from "../net/api.js";
import type { MistakeEntry, PuzzleStats } from "../net/puzzle-bodies.js";

/** What the puzzle box shows: the player's puzzle record and own mistakes, or nothing (not loaded, or no identity). */
export type PuzzleProfile = { stats: PuzzleStats; mistakes: MistakeEntry[] } | null;

/** The player's puzzle record and mistakes from the API; null with no identity, or when the API cannot answer. */
export async function loadPuzzleProfile(api: Api, playerId: string | null): Promise<PuzzleProfile> {
  if (playerId === null) return null;
  try {
    const [stats, mistakes] = await Promise.all([api.puzzleStats(playerId), api.mistakes(playerId)]);
    return { stats, mistakes };
  } catch {
    return null; // the rest of the profile says when the server cannot be reached; this box just stays away
  }
}
