/** A seat's avatar: its initials on a disc whose colour comes from the name, the same on every screen. */
export interface Avatar {
  initials: string; // one or two letters (graphemes), upper case; "?" for an empty seat
  colour: number; // 0xRRGGBB, one of AVATAR_COLOURS
}

/** Deep enough for white initials, far enough apart to tell four seats apart. */
export const AVATAR_COLOURS = [0x8e3b46, 0x2f6690, 0x6a4c93, 0x1b7f6b, 0xb5651d, 0x4a6b2f, 0x9c2f7a, 0x3d5a80] as const;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function firstGrapheme(word: string): string {
  for (const { segment } of graphemes.segment(word)) return segment;
  return "";
}

/** The avatar of a seat named `name` ("" for an empty seat): "Ann Lee" → "AL", "Computer 2" → "C2", "bob" → "B". */
export function avatarOf(name: string): Avatar {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== "");
  if (words.length === 0) return { initials: "?", colour: 0x55655b };
  const initials = words.slice(0, 2).map(firstGrapheme).join("").toLocaleUpperCase();
  let hash = 0;
  for (const unit of name) hash = (hash * 31 + unit.codePointAt(0)!) >>> 0;
  return { initials, colour: AVATAR_COLOURS[hash % AVATAR_COLOURS.length]! };
}

/** The seconds a turn clock shows in its last ten (rounded up: "1" until it runs out); null before them and when no clock runs. */
export function lastSeconds(deadline: number, now: number): number | null {
  if (deadline <= 0) return null;
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return left <= 10 ? left : null;
}
