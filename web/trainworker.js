// The Learn view's trainer, in a Web Worker: Go's wasm_exec.js and
// trainworker.wasm (cmd/trainworker), which replaces onmessage with its
// own as it starts. Messages that arrive before are handed to it then.
importScripts("../wasm_exec.js");

const early = [];
self.onmessage = (event) => early.push(event);

const go = new Go();
WebAssembly.instantiateStreaming(fetch("trainworker.wasm"), go.importObject)
  .then((result) => {
    go.run(result.instance);
    for (const event of early.splice(0)) self.onmessage(event);
  })
  .catch((error) => postMessage({ error: "the trainer did not start: " + error }));
