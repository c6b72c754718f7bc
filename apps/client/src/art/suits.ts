import type { Suit } from "@yourtrumps/engine";

/** Suit colours: classic two-colour, or the four-colour deck (each suit its own colour). */
export function suitColour(suit: Suit, fourColour: boolean): string {
  if (!fourColour) return suit === "H" || suit === "D" ? "#c8102e" : "#111111";
  return { S: "#111111", H: "#c8102e", D: "#1c5fd1", C: "#1a8a3a" }[suit];
}

/**
 * Draws a suit symbol as a vector path centred on (cx, cy), `size` tall. Our own
 * shapes, so the art never depends on which fonts the player has.
 */
export function drawSuit(
  ctx: CanvasRenderingContext2D,
  suit: Suit,
  cx: number,
  cy: number,
  size: number,
  colour: string,
): void {
  const s = size / 2;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.fillStyle = colour;
  ctx.beginPath();
  switch (suit) {
    case "D":
      ctx.moveTo(0, -s);
      ctx.lineTo(s * 0.72, 0);
      ctx.lineTo(0, s);
      ctx.lineTo(-s * 0.72, 0);
      ctx.closePath();
      break;
    case "H":
      heart(ctx, s, 1);
      break;
    case "S":
      heart(ctx, s * 0.9, -1);
      stem(ctx, s);
      break;
    case "C": {
      const r = s * 0.38;
      ctx.arc(0, -s * 0.45, r, 0, Math.PI * 2);
      ctx.moveTo(-s * 0.42 + r, s * 0.1);
      ctx.arc(-s * 0.42, s * 0.1, r, 0, Math.PI * 2);
      ctx.moveTo(s * 0.42 + r, s * 0.1);
      ctx.arc(s * 0.42, s * 0.1, r, 0, Math.PI * 2);
      ctx.moveTo(0, 0);
      ctx.rect(-s * 0.14, -s * 0.3, s * 0.28, s * 0.5);
      stem(ctx, s);
      break;
    }
    default: {
      const never: never = suit;
      throw new Error(`unknown suit ${String(never)}`);
    }
  }
  ctx.fill();
  ctx.restore();
}

/** A heart pointing down (dir 1) or, upside down, the body of a spade (dir -1). */
function heart(ctx: CanvasRenderingContext2D, s: number, dir: 1 | -1): void {
  const y = (v: number) => v * dir;
  ctx.moveTo(0, y(s));
  ctx.bezierCurveTo(-s * 0.2, y(s * 0.6), -s, y(s * 0.15), -s * 0.9, y(-s * 0.35));
  ctx.bezierCurveTo(-s * 0.8, y(-s * 0.95), -s * 0.1, y(-s * 0.95), 0, y(-s * 0.45));
  ctx.bezierCurveTo(s * 0.1, y(-s * 0.95), s * 0.8, y(-s * 0.95), s * 0.9, y(-s * 0.35));
  ctx.bezierCurveTo(s, y(s * 0.15), s * 0.2, y(s * 0.6), 0, y(s));
  ctx.closePath();
}

function stem(ctx: CanvasRenderingContext2D, s: number): void {
  ctx.moveTo(0, s * 0.2);
  ctx.lineTo(s * 0.35, s);
  ctx.lineTo(-s * 0.35, s);
  ctx.closePath();
}
