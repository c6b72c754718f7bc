import * as Phaser from "phaser";
import { softwareWebGL } from "./software-gl.js";
import { TableScene, type SceneHost } from "./TableScene.js";

/** A running table: the Phaser game and its one scene. */
export interface TableGame {
  scene: TableScene;
  resize(width: number, height: number): void;
  destroy(): void;
}

/**
 * Boots Phaser in `parent`, sized to it. HiDPI: the canvas has the device's pixel count
 * and is shown at CSS size (zoom 1/dpr); the scene draws in CSS px under a dpr scale.
 */
export function startTable(parent: HTMLElement, host: SceneHost): Promise<TableGame> {
  // Capped at 2: on 3× phones, 2× is still crisp and draws 2.25× fewer pixels per frame.
  const dpr = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  const width = parent.clientWidth;
  const height = parent.clientHeight;
  const scene = new TableScene();
  const partialFrames = softwareWebGL();
  const game = new Phaser.Game({
    type: Phaser.AUTO,
    parent,
    width: Math.round(width * dpr),
    height: Math.round(height * dpr),
    zoom: 1 / dpr,
    transparent: true, // the felt is CSS (#table background): cheaper than a full-screen fill every frame
    scale: { mode: Phaser.Scale.NONE },
    banner: false,
    audio: { noAudio: true },
    // One texture per batch: Phaser 4.2's multi-texture batches tear rotated quads (wedges drawn
    // transparent or from a neighbouring texture) once kept Texts share a batch with the cards.
    // The cards share one atlas, so this costs a draw call per visible Text, not per card.
    // No multisampling (antialiasGL): a card's visible edge lies inside its texture and is
    // smoothed by filtering, so MSAA only rounded the plates' and buttons' outlines — and cost
    // software GL about a third of every animation frame, all of it for the fanned, turned hand.
    // Under software WebGL the drawing buffer is kept between frames: while only cards fly, a
    // frame redraws just the box they swept (partial-frames.ts, software-gl.ts).
    render: {
      antialias: true,
      antialiasGL: false,
      powerPreference: "high-performance",
      maxTextures: 1,
      preserveDrawingBuffer: partialFrames,
    },
    scene: [],
  });
  return new Promise((resolve) => {
    game.events.once("table-ready", () =>
      resolve({
        scene,
        resize(w, h) {
          game.scale.resize(Math.round(w * dpr), Math.round(h * dpr));
          scene.resize(w, h);
        },
        destroy() {
          game.destroy(true);
        },
      }),
    );
    game.scene.add("table", scene, true, { host, dpr, width, height, partialFrames });
  });
}
