package main

import (
	"slices"
	"testing"
)

func TestByWorker(t *testing.T) {
	for referer, want := range map[string]bool{
		"http://127.0.0.1:8080/web/wasm-loader.js": true,
		"http://127.0.0.1:8080/a/web/x.js?v=1":     true,
		"http://127.0.0.1:8080/app-worker.js":      false, // the service worker's precache
		"http://127.0.0.1:8080/":                   false, // the page
		"http://127.0.0.1:8080/index.html":         false,
		"":                                         false,
		"http://127.0.0.1:8080":                    false,
		"http://127.0.0.1:8080/web/app.css?x=a.js": false,
		"http://127.0.0.1:8080/attention/":         false,
		"http://127.0.0.1:8080/web/trainworker.js": true,
	} {
		if got := byWorker(referer); got != want {
			t.Errorf("byWorker(%q) = %v, want %v", referer, got, want)
		}
	}
}

func TestWithWorkers(t *testing.T) {
	files := []fileLoad{{Path: "/web/echarts.js", Bytes: 200}, {Path: "/", Bytes: 50}}
	got, total := withWorkers(files, 250, map[string]int64{"/web/app.wasm": 1000, "/": 5})
	if total != 1255 {
		t.Errorf("total %d, want 1255", total)
	}
	var paths []string
	for _, f := range got {
		paths = append(paths, f.Path)
	}
	if want := []string{"/web/app.wasm", "/web/echarts.js", "/"}; !slices.Equal(paths, want) {
		t.Errorf("paths %v, want %v (largest first)", paths, want)
	}
	if got[2].Bytes != 55 {
		t.Errorf("/ has %d bytes, want 55", got[2].Bytes)
	}
}
