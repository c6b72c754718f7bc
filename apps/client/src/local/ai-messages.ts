/** The messages between the page and the computer players' Web Worker (ai-worker.ts). */
import type { Analysis, PuzzleMove, PuzzlePosition } from "@yourtrumps/ai";
import type { Move, PlayerView } from "@yourtrumps/engine";
import type { Level } from "@yourtrumps/protocol";

export type AiRequest =
  | { id: number; kind: "choose"; view: PlayerView; level: Level; seed: number; timeMs?: number } // a computer seat's move
  | { id: number; kind: "analyse"; view: PlayerView; seed: number; timeMs: number } // the hint
  | { id: number; kind: "refute"; position: PuzzlePosition }; // a puzzle's wrong move: the best play on from the position after it

export type AiReply =
  | { id: number; ok: true; kind: "choose"; move: Move; ms: number } // ms: thinking time in the worker
  | { id: number; ok: true; kind: "analyse"; analysis: Analysis; ms: number }
  | { id: number; ok: true; kind: "refute"; line: PuzzleMove[]; ms: number }
  | { id: number; ok: false; error: string };
