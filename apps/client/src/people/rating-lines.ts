/**
 * A player's ratings and record as the lobby's own box and a player's page show them: per
 * kind of table, the rating with its rated games, and under it the hands of that kind won,
 * drawn and lost — so hands at tables of 3–4 never swell the duel's line.
 */
import { RATING_KINDS, type RatingKind } from "@yourtrumps/protocol";
import { t, type Lang } from "../i18n/index.js";
import { ratingText } from "../model/rating.js";
import type { Profile } from "../net/api-bodies.js";
import { h, type VNode } from "../shell/view.js";

/** The ids of each kind's two lines: the page's own (the lobby and a player's page differ). */
export type RatingLineIds = Record<RatingKind, { rating: string; record: string }>;

const RATING_KEY = { duel: "duelRating", multi: "multiRating" } as const;

/** Each kind's rating line (the duel's in bold, the headline) and its record line. */
export function ratingLines(L: Lang, profile: Pick<Profile, "ratings" | "records">, ids: RatingLineIds): VNode[] {
  return RATING_KINDS.flatMap((kind) => {
    const { rating, provisional, games } = profile.ratings[kind];
    const ratingWords = t(L, RATING_KEY[kind], { rating: ratingText(rating, provisional) });
    return [
      h(`p#${ids[kind].rating}`, [
        kind === "duel" ? h("strong", ratingWords) : ratingWords,
        " · ",
        t(L, "ratedGames", { n: games }),
      ]),
      h(`p#${ids[kind].record}.record`, t(L, "recordLine", profile.records[kind])),
    ];
  });
}
