/** True only in `vite build --mode e2e`: compiles the browser-test hook in. */
declare const __TEST_HOOK__: boolean;

interface ImportMetaEnv {
  readonly VITE_SERVER_URL?: string; // e.g. "https://play.example.org"; default: the page's origin
}
