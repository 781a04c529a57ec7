// The headless Chromium the console's tests share (Debian's chromium, driven by playwright-core):
// where it is and where screenshots go, how it is launched, a console page that collects the
// page's own errors, and the checks every page gets (labelled controls, a screenshot).
import fs from "node:fs";
import path from "node:path";

import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_BIN ?? "/usr/bin/chromium";
// CTest sets it to <build>/test-artifacts/console.
export const ARTIFACTS = process.env.CONSOLE_ARTIFACTS_DIR ?? path.resolve("console-artifacts");

export async function launchChromium() {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
}

// A new 1280x900 page of the console at `hash` (not opened when `hash` is null), with `errors`
// collecting its uncaught exceptions, its console errors (`consoleErrors`), and any request to
// another origin than `endpoint` (`offline`: the console fetches nothing from elsewhere).
export async function openConsolePage(browser, endpoint, hash = "",
  { consoleErrors = true, offline = false } = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  if (consoleErrors) page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  if (offline) {
    page.on("request", (r) => {
      if (!r.url().startsWith(endpoint)) errors.push(`fetched from elsewhere: ${r.url()}`);
    });
  }
  if (hash !== null) await page.goto(`${endpoint}/_ddblocal/console/${hash}`);
  return { page, errors };
}

// The names of the page's form controls that have no label (nor an aria-label).
export const unlabelled = (page) => page.evaluate(() =>
  [...document.querySelectorAll("input, select, textarea")]
    .filter((c) => c.labels.length === 0 && !c.getAttribute("aria-label")).map((c) => c.name));

export const shot = (page, name) =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
