import { h, type VNode } from "./view.js";

/** A plain button of the pages' views, found by its id; `primary` marks the one its part is for. */
export function button(
  id: string,
  text: string,
  click: () => void,
  opts: { primary?: boolean; disabled?: boolean } = {},
): VNode {
  return h(
    `button#${id}`,
    {
      class: { primary: opts.primary === true },
      attrs: { type: "button" },
      props: { disabled: opts.disabled === true },
      on: { click },
    },
    text,
  );
}
