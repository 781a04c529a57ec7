#!/usr/bin/env node
// `npx ddb-local ...`: runs this platform's ddb-local binary with the same arguments, standard
// streams and exit status. Node cannot exec(), so it waits for the child: SIGTERM and SIGHUP are
// passed on to it, and SIGINT and SIGQUIT too unless stdin is a terminal (there the terminal
// sends Ctrl-C to the whole foreground process group, the child included, and ddb-local takes
// a second SIGINT as "quit now"). A child killed by a signal kills this process with the same
// signal.
"use strict";

const { spawn } = require("node:child_process");

const { binaryPath } = require("../index.js");

let binary;
try {
  binary = binaryPath();
} catch (e) {
  process.stderr.write(`ddb-local: ${e.message}\n`);
  process.exit(1);
}

// The handlers are in place before the child exists: a signal sent once ddb-local is up (its
// banner printed) must never find this process with the default action, which would end it and
// leave ddb-local running. A signal handler runs as an event, after this script, so `child` is
// always set by then.
const FORWARDED = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT"];
const fromTerminal = new Set(require("node:tty").isatty(0) ? ["SIGINT", "SIGQUIT"] : []);
let child;
const forward = (signal) => {
  if (fromTerminal.has(signal)) return;  // the child has its own copy
  try {
    child.kill(signal);
  } catch { /* already gone */ }
};
for (const signal of FORWARDED) process.on(signal, forward);
child = spawn(binary, process.argv.slice(2), { stdio: "inherit" });

// npm (npx, npm exec, npm run) starts this through `sh -c` and passes SIGTERM and SIGINT to that
// shell, which dash does not pass on: it just dies, and this process is reparented. So under
// npm, the parent's end stops ddb-local as a SIGTERM would.
let parentGone;
if (process.env.npm_command) {
  const parent = process.ppid;
  parentGone = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(parentGone);
    forward("SIGTERM");
  }, 200);
  parentGone.unref();
}

child.on("error", (e) => {
  process.stderr.write(`ddb-local: cannot run ${binary}: ${e.message}\n`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  clearInterval(parentGone);
  for (const s of FORWARDED) process.off(s, forward);
  if (signal === null) process.exit(code);
  process.kill(process.pid, signal);  // no handler left: the default action ends this process
  // A signal whose default action is not to terminate: exit as a shell reports one.
  process.exit(128 + (require("node:os").constants.signals[signal] ?? 0));
});
