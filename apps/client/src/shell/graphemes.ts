/** What a person sees as one character: an emoji family, a flag, a letter with its accents. */
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** `text` cut to at most `max` graphemes (as the server counts a name, `NAME_MAX`): never inside one. */
export function cutGraphemes(text: string, max: number): string {
  let out = "";
  let count = 0;
  for (const { segment } of segmenter.segment(text)) {
    if (count === max) break;
    out += segment;
    count++;
  }
  return out;
}
