/** The messages between the page and the computer players' Web Worker (ai-worker.ts). */
import type { Analysis } from "@yourtrumps/ai";
import type { Move, PlayerView } from "@yourtrumps/engine";
import type { Level } from "@yourtrumps/protocol";

export type AiRequest =
  | { id: number; kind: "choose"; view: PlayerView; level: Level; seed: number; timeMs?: number } // a computer seat's move
  | { id: number; kind: "analyse"; view: PlayerView; seed: number; timeMs: number }; // the hint

export type AiReply =
  | { id: number; ok: true; kind: "choose"; move: Move; ms: number } // ms: thinking time in the worker
  | { id: number; ok: true; kind: "analyse"; analysis: Analysis; ms: number }
  | { id: number; ok: false; error: string };
