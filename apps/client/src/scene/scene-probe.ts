import type { Card } from "@yourtrumps/engine";

/** What the browser tests and the benchmark count in the running scene (test-hook build only). */
export interface SceneCounts {
  objects: number; // game objects in the scene's tree, containers and their children included
  texts: number; // of which Phaser Text objects
  created: number; // game objects added to the scene since it booted
  textRenders: number; // times any Text redrew its canvas (Text.updateText) since it booted
  partialFrames: number; // frames that redrew only the box of what moved (partial-frames.ts)
}

/** Cheap enough to ask every animation frame (the scene bench): the frames drawn so far and whether a card flies now. */
export interface SceneFrames {
  whole: number; // frames drawn whole since the scene booted
  partial: number; // frames that redrew a part
  flying: boolean; // a card is in the air (or a plate pulses, or a card is dragged): the scene is not still
  asleep: boolean; // the game loop sleeps: no frame is drawn until something wakes it
}

/** Where a part of the table that others must not cover is drawn now, in CSS px of the canvas (the collision test). */
export interface DrawnBox {
  part: string; // what it is: "plate", "trump-corner", "result-card", "clock-seconds"
  words: string; // what a text says; "" for a shape
  x: number; // left
  y: number; // top
  w: number;
  h: number;
}

/** The probe the scene registers; Phaser-free, so the page's main chunk can hold it. */
export interface SceneProbe {
  drawnBoxes(): DrawnBox[]; // every shown part that was given a name (a Phaser object's `name`)
  counts(): SceneCounts;
  frames(): SceneFrames;
  cardSprite(card: Card): number | null; // a serial naming the object that shows `card` now, null when none does
}

let current: SceneProbe | null = null;

/** Called by the scene when it boots (test-hook build only). */
export function registerSceneProbe(probe: SceneProbe): void {
  current = probe;
}

/** The running scene's probe, if a table has booted. */
export function sceneProbe(): SceneProbe | null {
  return current;
}
