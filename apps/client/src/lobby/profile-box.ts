import { t, type Lang } from "../i18n/index.js";
import { ratingText } from "../model/rating.js";
import type { ProfileState } from "../net/identity.js";
import { el } from "../shell/dom.js";

export interface ProfileActions {
  history(): void; // "My games"
  leaderboard(): void;
  retry(): void; // ask the API again after it was unavailable
}

/**
 * The lobby's profile: the duel rating ("1500?" while provisional) with its rated games,
 * the record, and the way to "My games" and the leaderboard; or a line saying the profile
 * is loading or unavailable (the game still plays). Drawn again in place whenever the
 * profile changes, keeping the focus on the control that had it.
 */
export function renderProfile(box: HTMLElement, state: ProfileState, lang: Lang, actions: ProfileActions): void {
  const focused =
    document.activeElement instanceof HTMLElement && box.contains(document.activeElement)
      ? document.activeElement.id
      : "";
  const button = (id: string, text: string, onClick: () => void) => {
    const b = el("button", { type: "button", id }, text);
    b.addEventListener("click", onClick);
    return b;
  };
  box.setAttribute("aria-busy", String(state.status === "loading"));
  switch (state.status) {
    case "loading":
      box.replaceChildren(el("p", { class: "profile-status" }, t(lang, "profileLoading")));
      break;
    case "unavailable":
      // My games still lists the hands played in this page (kept in localStorage).
      box.replaceChildren(
        el("p", { class: "profile-status" }, t(lang, "profileUnavailable")),
        el(
          "div",
          { class: "row" },
          button("profile-retry", t(lang, "retry"), () => actions.retry()),
          button("open-history", t(lang, "myGames"), () => actions.history()),
        ),
      );
      break;
    case "ready": {
      const { duel } = state.profile.ratings;
      const { won, drawn, lost } = state.profile.record;
      box.replaceChildren(
        el(
          "p",
          { id: "duel-rating" },
          el("strong", {}, t(lang, "duelRating", { rating: ratingText(duel.rating, duel.provisional) })),
          " · ",
          t(lang, "ratedGames", { n: duel.games }),
        ),
        el("p", { id: "record" }, t(lang, "recordLine", { won, drawn, lost })),
        ...(duel.provisional ? [el("p", { class: "note" }, t(lang, "provisionalNote"))] : []),
        el(
          "div",
          { class: "row" },
          button("open-history", t(lang, "myGames"), () => actions.history()),
          button("open-leaderboard", t(lang, "leaderboard"), () => actions.leaderboard()),
        ),
      );
      break;
    }
    default: {
      const never: never = state;
      return never;
    }
  }
  if (focused) (document.getElementById(focused) ?? box.querySelector("button"))?.focus();
}
