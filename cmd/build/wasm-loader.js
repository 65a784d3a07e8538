// The site's wasm loader, a dedicated Web Worker (cmd/build/wasm_loader.go):
// it fetches app.wasm and compiles it while the bytes arrive, off the page's
// main thread, and posts the compiled module to the page, which only
// instantiates it. Fetched by the page, app.wasm's body would pass through
// the main thread as it is busy laying out the pre-rendered page and running
// ECharts' script. It posts {loaded} as bytes arrive (for the loading label),
// then {module} or {error}. Then it runs the module once itself (cmd/wasm
// returns at once without a document): the Go runtime's start and the package
// inits, whose functions V8 compiles at their first call, here rather than on
// the page's main thread, which shares the module's code. Then it closes.
fetch("app.wasm")
  .then((response) => {
    if (!response.ok) {
      throw new Error("app.wasm: HTTP " + response.status);
    }
    let loaded = 0;
    let told = 0;
    const counted = response.body.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          loaded += chunk.byteLength;
          if (loaded - told >= 1 << 18) {
            told = loaded;
            postMessage({ loaded });
          }
          controller.enqueue(chunk);
        },
      }),
    );
    const headers = { "Content-Type": "application/wasm" };
    return WebAssembly.compileStreaming(new Response(counted, { headers }));
  })
  .then(
    (module) => {
      postMessage({ module });
      return warm(module).catch(() => {}); // only a head start, whatever happens
    },
    (error) => postMessage({ error: String(error) }),
  )
  .finally(() => close());

// warm runs module's Go program to its end.
async function warm(module) {
  importScripts("../wasm_exec.js");
  const go = new Go();
  await go.run(await WebAssembly.instantiate(module, go.importObject));
}
