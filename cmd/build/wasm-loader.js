// The site's wasm loader, a dedicated Web Worker (cmd/build/wasm_loader.go):
// it fetches app.wasm and compiles it while the bytes arrive, off the page's
// main thread, and posts the compiled module to the page, which only
// instantiates it. Fetched by the page, app.wasm's body would pass through
// the main thread as it is busy laying out the pre-rendered page and running
// ECharts' script. It posts {loaded} as bytes arrive (for the loading label),
// then {module} or {error}.
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
    (module) => postMessage({ module }),
    (error) => postMessage({ error: String(error) }),
  );
