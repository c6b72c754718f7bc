/** Renderer names of WebGL drawn by the CPU: Chromium's SwiftShader, Mesa's llvmpipe and softpipe, Windows' basic renderer. */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * True when this browser's WebGL is drawn by the CPU, asked once of a throwaway context.
 * There a frame costs by the pixels it rasterises, so redrawing only what moved pays
 * (partial-frames.ts); a GPU draws the whole table for next to nothing, while the preserved
 * drawing buffer that partial frames need costs it a copy of the canvas every frame.
 * Browsers that hide the renderer's name count as hardware.
 */
export function softwareWebGL(): boolean {
  const gl = document.createElement("canvas").getContext("webgl");
  if (!gl) return false;
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const name = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : "";
  gl.getExtension("WEBGL_lose_context")?.loseContext(); // give the context back now, not at GC
  return SOFTWARE.test(name);
}
