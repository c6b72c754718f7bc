import { seatName, t, type Lang } from "../i18n/index.js";
import { avatarOf, type Avatar } from "./avatar.js";
import { ratingText } from "./rating.js";
import type { SeatView, TableView } from "./view.js";

/** A plate's words and its avatar. */
export interface PlateWords {
  name: string; // the first line
  details: string; // the second line, "" for none
  avatar: Avatar;
}

/**
 * What a seat's plate says: its name, and the second line's details (rating, cards left,
 * computer marker, connection, place). An empty seat (no name, no computer) waits for a
 * player: it is not "Disconnected", nobody was ever connected there.
 */
export function plateWords(view: TableView, seat: SeatView, lang: Lang): PlateWords {
  if (seat.name === "" && !seat.isAI) return { name: t(lang, "waitingForPlayer"), details: "", avatar: avatarOf("") };
  const shownName = seatName(lang, seat.name, seat.isAI);
  const avatar = avatarOf(shownName); // my own avatar shows my name's initials, though my plate says "You"
  const name = seat.isMe && !view.replay ? t(lang, "you") : shownName; // a replay names every seat as recorded
  const details: string[] = [];
  if (seat.arena) {
    // An arena's table: the arena score first (what the hand is played for), and its marks.
    details.push(t(lang, "arenaPoints", { n: seat.arena.score }));
    if (seat.arena.fire) details.push(t(lang, "arenaOnFireShort"));
    if (seat.arena.berserk) details.push(t(lang, "arenaBerserk"));
  } else if (seat.rating !== null) details.push(ratingText(seat.rating, seat.provisional));
  if (!seat.isMe && (view.phase === "playing" || view.phase === "over"))
    details.push(t(lang, "cardsLeft", { n: seat.count }));
  if (seat.isAI && !seat.isMe && !name.startsWith(t(lang, "computer"))) details.push(t(lang, "computer")); // the computer marker
  if (!seat.connected) details.push(t(lang, "disconnected"));
  if (seat.place !== null && seat.count === 0) details.push(t(lang, "out", { place: seat.place })); // R14
  return { name, details: details.join(" · "), avatar };
}
