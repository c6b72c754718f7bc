import type { OwnPage } from "./navigation.js";

/**
 * A page whose code loads when it is first shown (a chunk of its own, kept out of the
 * lobby's first JavaScript): `make` imports and builds it; a page left before its code
 * arrived is never shown. `shown` runs once it is drawn (the focus goes to its Back).
 */
export function lazyPage(make: () => Promise<OwnPage>, shown: () => void): OwnPage {
  let page: OwnPage | null = null;
  let left = false;
  return {
    show() {
      void make().then((made) => {
        if (left) return;
        page = made;
        made.show();
        shown();
      });
    },
    hide() {
      left = true;
      page?.hide();
    },
  };
}
