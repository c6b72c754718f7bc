/**
 * How ratings read on screen, everywhere (lobby, name plates, result panel, history,
 * leaderboard): whole numbers, a "?" after a provisional one, and changes with their
 * sign — a real minus sign, so "−8" and "+12" line up.
 */

/** "1500", or "1500?" while the rating is provisional (its deviation is still above 110). */
export function ratingText(rating: number, provisional: boolean): string {
  return `${Math.round(rating)}${provisional ? "?" : ""}`;
}

/** "+12", "−8", "±0". */
export function ratingChangeText(change: number): string {
  const whole = Math.round(change);
  if (whole === 0) return "±0";
  return whole > 0 ? `+${whole}` : `\u2212${-whole}`;
}
