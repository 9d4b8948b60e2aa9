// qipan's engine Worker (a classic worker): runs the Go engine (engine.wasm, beside this file)
// and speaks the UCCI protocol with the page, one line per message each way.
//   page -> worker: postMessage("<protocol line>")
//   worker -> page: postMessage("<output line>"); "info string ready" once the engine runs;
//                   "info string error: ..." if something fails here.
//   page -> worker: postMessage({type: "qipan:memory"}) -> "info string memory wasm BYTES", the
//                   size of the engine's WebAssembly memory (for tests and measurements).
// Lines that arrive before the engine runs are queued and handed over in order.
"use strict";

const queue = [];
let receive = null; // the Go engine's line handler, once registered
let memory = null; // the engine's WebAssembly.Memory, once instantiated

function fail(what, err) {
  postMessage("info string error: " + what + ": " + ((err && err.message) || String(err)));
}

function deliver(line) {
  try {
    receive(line);
  } catch (err) {
    fail("engine", err);
  }
}

self.onmessage = (e) => {
  if (e.data && e.data.type === "qipan:memory") {
    postMessage("info string memory wasm " + (memory ? memory.buffer.byteLength : 0));
    return;
  }
  const line = String(e.data);
  if (receive) {
    deliver(line);
  } else {
    queue.push(line);
  }
};

// qipanYield(callback): Go calls this during a search and blocks until callback runs. The
// callback runs from a MessageChannel message, so every message queued meanwhile (a stop) is
// handled first. A setTimeout would be clamped to >= 1-4 ms; a port message is not.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => {
  const cb = waiting.shift();
  if (cb) cb();
};
self.qipanYield = (cb) => {
  waiting.push(cb);
  channel.port2.postMessage(0);
};

// qipanStarted(): Go calls this once qipanReceive is registered.
self.qipanStarted = () => {
  receive = self.qipanReceive;
  postMessage("info string ready");
  for (const line of queue.splice(0)) deliver(line);
};

async function start() {
  importScripts(new URL("../wasm_exec.js", self.location.href).href);
  const go = new Go();
  go.exit = (code) => fail("engine", "the Go program exited with code " + code);
  const url = new URL("engine.wasm", self.location.href).href;
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
  } catch (err) {
    // Hosts that do not serve application/wasm break streaming; compile from the bytes.
    const resp = await fetch(url);
    if (!resp.ok) throw new Error(url + ": HTTP " + resp.status);
    result = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }
  memory = result.instance.exports.mem;
  go.run(result.instance);
}

start().catch((err) => fail("loading the engine", err));
