package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The wasm loader. go-app's app.js fetches app.wasm on the page's main
// thread (a <link rel=preload> started it early), where Chromium hands the
// body to the streaming compile a chunk at a time: while the main thread lays
// out the pre-rendered page and runs ECharts' script, app.wasm's bytes wait,
// and the main thread spends some 50 ms of its own on them
// (docs/performance.md, "The live first render (session 12)"). Instead, a
// script at the top of each page's head starts a dedicated Web Worker,
// web/wasm-loader.js, which fetches and compiles app.wasm off the main
// thread and posts the module; app.js then only instantiates it. Where the
// worker cannot start or fails, app.js loads app.wasm as go-app does.

// wasmLoaderJS is the worker's script, written to the site as web/wasm-loader.js.
//
//go:embed wasm-loader.js
var wasmLoaderJS []byte

// wasmLoaderName is the worker script's name in the site's /web/.
const wasmLoaderName = "wasm-loader.js"

// wasmLoaderScript is the inline script that starts the worker as the page's
// head is read; it leaves window.attnvizWasm: {module (a promise), loaded
// (bytes so far), progress (app.js's callback, or null)}. It skips the pages
// go-app starts no wasm on (goappCanLoadWebAssembly's tests).
func wasmLoaderScript(prefix string) string {
	return `<script id="wasm-loader">
(() => {
  if (!window.Worker || !WebAssembly.compileStreaming ||
    /bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent) ||
    new URLSearchParams(location.search).get("wasm") === "false") {
    return;
  }
  const early = { loaded: 0, progress: null };
  early.module = new Promise((resolve, reject) => {
    const start = () => {
      const worker = new Worker("` + prefix + `/web/` + wasmLoaderName + `");
      worker.onmessage = ({ data }) => {
        if (data.module || data.error) {
          worker.terminate();
          data.module ? resolve(data.module) : reject(new Error(data.error));
          return;
        }
        early.loaded = data.loaded;
        if (early.progress) early.progress(data.loaded);
      };
      worker.onerror = (e) => {
        e.preventDefault();
        reject(new Error("the wasm loader did not start"));
      };
    };
    // After the first frame: the compile's threads would hold back the
    // pre-rendered page and its picture (docs/performance.md, session 13).
    requestAnimationFrame(() => setTimeout(start, 0));
  });
  early.module.catch(() => {});
  window.attnvizWasm = early;
})();
</script>`
}

// appJSInstantiate is go-app's call in app.js that fetches and instantiates
// app.wasm, for a site under prefix; appJSInstantiateVia is it handed to
// attnvizInstantiate as the way when the worker has no module.
func appJSInstantiate(prefix string) (orig, via string) {
	call := "instantiateStreaming(\n      fetchWithProgress(\"" + prefix + "/web/app.wasm\", showProgress),\n      go.importObject\n    )"
	return "await " + call, "await attnvizInstantiate(go, showProgress, () => " + call + ")"
}

// attnvizInstantiateJS is appended to app.js.
const attnvizInstantiateJS = `
// attnviz (cmd/build/wasm_loader.go): instantiates the module that the wasm
// loader compiled off the main thread, showing its progress meanwhile; without
// one (no worker, or it failed), go-app's own way, fallback.
async function attnvizInstantiate(go, showProgress, fallback) {
  const early = window.attnvizWasm;
  if (early) {
    early.progress = (loaded) =>
      showProgress(Math.min(99, Math.round((loaded * 100) / goappWasmContentLength)));
    if (early.loaded) early.progress(early.loaded);
    try {
      const module = await early.module;
      return { instance: await WebAssembly.instantiate(module, go.importObject) };
    } catch (err) {
      // go-app's way below
    }
  }
  return fallback();
}
`

// addWasmLoader puts wasmLoaderScript at the top of the head of every HTML
// page in outDir (before the stylesheets, which would hold an inline script
// back until they load) and has app.js take the worker's module. It fails
// when go-app's app.js no longer makes the call it replaces.
func addWasmLoader(outDir, prefix string) error {
	appJS := filepath.Join(outDir, "app.js")
	js, err := os.ReadFile(appJS)
	if err != nil {
		return err
	}
	orig, via := appJSInstantiate(prefix)
	if n := bytes.Count(js, []byte(orig)); n != 1 {
		return fmt.Errorf("go-app's app.js makes its wasm call %d times, not once: update cmd/build/wasm_loader.go", n)
	}
	js = append(bytes.Replace(js, []byte(orig), []byte(via), 1), attnvizInstantiateJS...)
	if err := os.WriteFile(appJS, js, 0o644); err != nil {
		return err
	}
	pages, err := filepath.Glob(filepath.Join(outDir, "*.html"))
	if err != nil {
		return err
	}
	const charset = `<meta charset="UTF-8">`
	for _, p := range pages {
		page, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s := string(page)
		if !strings.Contains(s, charset) {
			return fmt.Errorf("%s has no %s", p, charset)
		}
		s = strings.Replace(s, charset, charset+wasmLoaderScript(prefix), 1)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			return err
		}
	}
	return nil
}
