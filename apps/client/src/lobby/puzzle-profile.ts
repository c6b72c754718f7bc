import { t, type Lang } from "../i18n/index.js";
import { ratingText } from "../model/rating.js";
import type { Api } from "../net/api.js";
import type { MistakeEntry, PuzzleStats } from "../net/puzzle-bodies.js";
import { el } from "../shell/dom.js";
import { mistakesList } from "../replay/mistakes-list.js";

/** The lobby's puzzle box, below the profile (see lobby.ts). */
export const PUZZLE_PROFILE_ID = "puzzle-profile";

/** What the puzzle box shows: the player's puzzle record and own mistakes, or nothing (not loaded, or no identity). */
export type PuzzleProfile = { stats: PuzzleStats; mistakes: MistakeEntry[] } | null;

/**
 * The puzzle part of the profile: the puzzle rating ("1500?" while provisional, as the duel
 * rating), solved / failed and the best streak, and "Learn from your mistakes" when the
 * player's recorded duels held some. Empty and hidden until it is loaded.
 */
export function renderPuzzleProfile(box: HTMLElement, lang: Lang, profile: PuzzleProfile): void {
  box.hidden = profile === null;
  if (profile === null) return box.replaceChildren();
  const { stats, mistakes } = profile;
  box.replaceChildren(
    el(
      "p",
      { id: "puzzle-rating" },
      el("strong", {}, t(lang, "puzzleRatingLine", { rating: ratingText(stats.rating, stats.provisional) })),
      " · ",
      t(lang, "puzzleRecordLine", { solved: stats.solved, failed: stats.failed, best: stats.bestStreak }),
    ),
    ...(mistakes.length > 0 ? [mistakesList(lang, mistakes, "my-mistakes")] : []),
  );
}

/** Fills the puzzle box for `playerId` from the API; it stays hidden with no identity, or when the API cannot answer. */
export async function fillPuzzleProfile(
  box: HTMLElement,
  lang: Lang,
  api: Api,
  playerId: string | null,
): Promise<void> {
  if (playerId === null) return renderPuzzleProfile(box, lang, null);
  let profile: PuzzleProfile = null;
  try {
    const [stats, mistakes] = await Promise.all([api.puzzleStats(playerId), api.mistakes(playerId)]);
    profile = { stats, mistakes };
  } catch {
    // The rest of the profile says when the server cannot be reached; this box just stays away.
  }
  renderPuzzleProfile(box, lang, profile);
}
