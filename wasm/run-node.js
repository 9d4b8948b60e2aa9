#!/usr/bin/env node
// Runs the engine Worker's wasm under node the way web/engine-worker.js runs it in a browser:
// stdin lines go to qipanReceive, postMessage lines go to stdout, qipanYield lets the event
// loop (and stdin) run. For measurements and tests without a browser.
//
// Usage: node wasm/run-node.js [--memory] WASM_EXEC_JS ENGINE_WASM < commands
//   WASM_EXEC_JS is $(go env GOROOT)/lib/wasm/wasm_exec.js. At the end of input the runner
//   sends "quit", which stops a running search: put "setoption batch true" first to let the
//   searches in a script finish. The process exits after "bye".
//   --memory: at exit, write "memory wasm BYTES maxrss BYTES" to stderr: the size of the
//   engine's WebAssembly memory (what a browser tab holds for it) and node's peak RSS.
"use strict";
const path = require("path");
const readline = require("readline");

const args = process.argv.slice(2);
const memory = args[0] === "--memory" && args.shift();
const [wasmExec, wasmFile] = args;
if (!wasmExec || !wasmFile) {
  console.error("usage: node run-node.js [--memory] WASM_EXEC_JS ENGINE_WASM < commands");
  process.exit(2);
}
globalThis.require = require;
globalThis.fs = require("fs");
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto");
require(path.resolve(wasmExec));

const queue = [];
let receive = null;
let ended = false;
let instance = null;

function exit(code) {
  if (memory && instance) {
    // maxRSS is in kilobytes; stderr is synchronous on a pipe or a file.
    const wasm = instance.exports.mem.buffer.byteLength;
    process.stderr.write(`memory wasm ${wasm} maxrss ${process.resourceUsage().maxRSS * 1024}\n`);
  }
  process.exit(code);
}

globalThis.postMessage = (line) => {
  process.stdout.write(line + "\n");
  if (line === "bye") exit(0);
};
// qipanYield(cb): the search calls it about every 10 ms and waits for cb. The browser Worker
// answers through a MessageChannel; under node that would starve stdin (node handles up to
// 1,000 port messages before it polls I/O again: a stop took 20 s), so cb runs from
// setImmediate, which comes right after the I/O poll of each event loop turn.
globalThis.qipanYield = (cb) => setImmediate(cb);
globalThis.qipanStarted = () => {
  receive = globalThis.qipanReceive;
  for (const line of queue.splice(0)) receive(line);
  if (ended) receive("quit");
};

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (receive) receive(line);
  else queue.push(line);
}).on("close", () => {
  ended = true;
  if (receive) receive("quit");
});

const go = new Go();
go.exit = exit;
WebAssembly.instantiate(fs.readFileSync(wasmFile), go.importObject)
  .then((result) => {
    instance = result.instance;
    return go.run(instance);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
