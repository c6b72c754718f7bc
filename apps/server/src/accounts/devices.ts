/**
 * What a session's device is, read from its User-Agent once, when the session is made:
 * the browser and the system, as the session list shows them ("Firefox on Android").
 * Only these two words are kept, never the whole header.
 */
import type { Device } from "../storage/sessions.js";

export type { Device } from "../storage/sessions.js";

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"], // HeadlessChrome/: Chrome driven by a program
  [/\bSafari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser and system a User-Agent header names; empty words for what it does not say. */
export function describeDevice(userAgent: string | undefined): Device {
  const ua = (userAgent ?? "").slice(0, 512);
  const first = (table: readonly [RegExp, string][]): string => table.find(([pattern]) => pattern.test(ua))?.[1] ?? "";
  return { browser: first(BROWSERS), system: first(SYSTEMS) };
}
