import qrcode from "qrcode-generator";
import { h, type VNode } from "../shell/view.js";

const QUIET = 4; // the blank margin, in modules, that scanners need around the code

/**
 * A QR code of `text` as an SVG (qrcode-generator encodes, we draw): one path of the dark
 * modules, scaled by CSS, named for screen readers by `label` (the text itself is shown beside it).
 */
export function qrCode(id: string, text: string, label: string): VNode {
  const code = qrcode(0, "M");
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  let path = "";
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) if (code.isDark(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
  const size = count + 2 * QUIET;
  return h(
    `svg#${id}.qr-code`,
    { attrs: { viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": label, "data-text": text } },
    [
      h("rect", { attrs: { width: size, height: size, fill: "#fff" } }),
      h("path", { attrs: { d: path, fill: "#000" } }),
    ],
  );
}
