// ddb-local (npm): where this machine's ddb-local binary is. The binary itself comes in a
// per-platform package (@ddb-local/linux-<arch>-gnu), one of this package's
// optionalDependencies, of which npm installs only the one whose os, cpu and libc match — the
// layout of esbuild's packages. bin/ddb-local.js runs it for `npx ddb-local`.
//
//   const { binaryPath } = require("ddb-local");      // or: import { binaryPath } from "ddb-local"
//   spawn(binaryPath(), ["-port", "8000", "-inMemory"]);
//
// binaryPath() throws an Error whose message says what to do when this platform has no
// package (musl Linux, macOS, Windows, other CPUs) or its package was not installed.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const { version } = require("./package.json");

// The platforms there are packages for: `${process.platform}-${process.arch}` -> package name.
// build.sh lists the same packages in package.json's optionalDependencies.
const PLATFORM_PACKAGES = Object.freeze({
  "linux-x64": "@ddb-local/linux-x64-gnu",
  "linux-arm64": "@ddb-local/linux-arm64-gnu",
});

const OTHER_WAYS = "Elsewhere, run the ddb-local container image, or build ddb-local from " +
  "source (a C++20 compiler and CMake; see the ddbemu repository's README).";

const GLIBC_MIN = [2, 34];  // the portable build's floor (tools/dist/README.md)

// { libc: "glibc" | "musl", glibc: "2.36" | undefined }, or null when not on Linux. Node's own
// report names the glibc it runs on; a Node built against musl (Alpine) has none.
function linuxLibc() {
  if (process.platform !== "linux") return null;
  const report = process.report;
  const excludeNetwork = report?.excludeNetwork;
  try {
    if (report) report.excludeNetwork = true;  // the report's network part can take seconds
    const glibc = report?.getReport?.().header?.glibcVersionRuntime;
    if (glibc) return { libc: "glibc", glibc };
  } catch { /* fall through to the files */ } finally {
    if (report) report.excludeNetwork = excludeNetwork;
  }
  try {
    if (fs.readdirSync("/lib").some((f) => f.startsWith("ld-musl-"))) return { libc: "musl" };
  } catch { /* no /lib */ }
  return { libc: "glibc" };
}

function olderThanFloor(version) {
  const [major, minor] = String(version).split(".").map(Number);
  return major < GLIBC_MIN[0] || (major === GLIBC_MIN[0] && minor < GLIBC_MIN[1]);
}

// The package name for a platform (default: this machine), or an Error explaining why there is
// none. libc: "glibc", "musl" or null off Linux; glibc: its version, when known.
function platformPackage(platform = process.platform, arch = process.arch, libc, glibc) {
  if (libc === undefined && platform === process.platform) {
    ({ libc, glibc } = linuxLibc() ?? { libc: null });
  }
  const name = PLATFORM_PACKAGES[`${platform}-${arch}`];
  const supported = "ddb-local's npm package has binaries for Linux with glibc " +
    `${GLIBC_MIN.join(".")} or later on x64 and arm64.`;
  if (name && libc === "glibc" && glibc && olderThanFloor(glibc)) {
    return new Error(`no ddb-local binary for glibc ${glibc}. ${supported} ${OTHER_WAYS}`);
  }
  if (name && libc === "glibc") return name;
  const os = { darwin: "macOS", win32: "Windows", linux: "Linux" }[platform] ?? platform;
  const here = platform === "linux" ? `Linux ${arch} with ${libc}` : `${os} ${arch}`;
  return new Error(`no ddb-local binary for ${here}. ${supported} ${OTHER_WAYS}`);
}

// The absolute path of the ddb-local executable; throws an Error saying what to do when there
// is none for this platform or its package is missing.
function binaryPath() {
  const name = platformPackage();
  if (name instanceof Error) throw name;
  let manifest;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch {
    throw new Error(`ddb-local's binary package ${name}@${version} is not installed. npm ` +
      "installs it with ddb-local, as an optional dependency, unless optional dependencies " +
      "were left out (--omit=optional, --no-optional) or the lockfile was made on another " +
      `platform: run \`npm install ${name}@${version}\` (or reinstall without omitting ` +
      `optional dependencies). ${OTHER_WAYS}`);
  }
  const binary = path.join(path.dirname(manifest), "bin", "ddb-local");
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch (e) {
    throw new Error(`${binary} (from ${name}) cannot be run: ${e.message}`);
  }
  return binary;
}

module.exports = { binaryPath, platformPackage, PLATFORM_PACKAGES, version };
