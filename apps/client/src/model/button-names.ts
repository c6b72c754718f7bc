import { suitName, t, type Lang } from "../i18n/index.js";
import { trumpButtonSuit, type ButtonId } from "./layout.js";
import type { TableView } from "./view.js";

/** How a table button is announced: its accessible name, and whether it is a toggle that is on. */
export interface ButtonSpeech {
  name: string; // in the player's language: the words on the button, a trump button's suit by name
  pressed: boolean | null; // the rematch: asked for already; null: not a toggle
}

/** The words of a table button for a screen reader (the canvas shows the same, a trump button its suit's symbol). */
export function buttonSpeech(lang: Lang, view: TableView, id: ButtonId): ButtonSpeech {
  const suit = trumpButtonSuit(id);
  if (suit) return { name: suitName(lang, suit), pressed: null };
  const asked = view.seats.find((s) => s.isMe)?.rematch ?? false;
  switch (id) {
    case "pickup":
      return {
        name: view.pickup?.wholePile ? t(lang, "pickupAll") : t(lang, "pickup", { n: view.pickup?.count ?? 0 }),
        pressed: null,
      };
    case "hint":
      return { name: t(lang, "hint"), pressed: null };
    case "rematch":
      return { name: t(lang, "rematch"), pressed: asked };
    case "lobby":
      return { name: t(lang, "backToLobby"), pressed: null };
    case "review":
      return { name: t(lang, "review"), pressed: null };
    default:
      return { name: id, pressed: null }; // every trump id is handled above
  }
}
