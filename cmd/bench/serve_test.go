package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

func TestSiteServer(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "<p>home</p>")
	write("about.html", "<p>about</p>")
	write("web/app.wasm", string(bytes.Repeat([]byte("\x00asm"), 1000)))
	write("web/icon.png", "PNG")

	s, err := serveSite(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	get := func(path string, gz bool) (*http.Response, []byte) {
		req, _ := http.NewRequest(http.MethodGet, s.URL+path, nil)
		if gz {
			req.Header.Set("Accept-Encoding", "gzip, deflate")
		} else {
			req.Header.Set("Accept-Encoding", "identity")
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, body
	}

	res, body := get("/web/app.wasm", true)
	if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("wasm headers: %v", res.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if len(plain) != 4000 || len(body) >= 4000 {
		t.Errorf("wasm: %d bytes sent, %d unpacked", len(body), len(plain))
	}
	wasmSent := int64(len(body))

	if res, body := get("/web/app.wasm", false); res.Header.Get("Content-Encoding") != "" || len(body) != 4000 {
		t.Errorf("identity request got %q encoding, %d bytes", res.Header.Get("Content-Encoding"), len(body))
	}
	if res, body := get("/", true); res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || len(body) == 0 {
		t.Errorf("/: %d %v", res.StatusCode, res.Header)
	}
	if res, _ := get("/about", false); res.StatusCode != 200 {
		t.Errorf("/about: %d", res.StatusCode)
	}
	if res, body := get("/web/icon.png", true); res.Header.Get("Content-Encoding") != "" || string(body) != "PNG" {
		t.Errorf("png compressed: %v", res.Header)
	}
	if res, _ := get("/missing.js", true); res.StatusCode != 404 {
		t.Errorf("/missing.js: %d", res.StatusCode)
	}

	// The gzip body, the identity one, "/" and "/about", the icon.
	if total := s.Sent(); total < wasmSent+4000+3 {
		t.Errorf("sent %d, want at least %d", total, wasmSent+4000+3)
	}
	s.Reset()
	if total := s.Sent(); total != 0 {
		t.Errorf("after Reset: %d", total)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"gzip, deflate, br, zstd": true,
		"br;q=1.0, gzip;q=0.8":    true,
		"gzip;q=0":                false,
		"identity":                false,
		"":                        false,
		"*":                       true,
	} {
		if got := acceptsGzip(h); got != want {
			t.Errorf("acceptsGzip(%q) = %v", h, got)
		}
	}
}

// TestSiteServerRevalidates: the server sends an ETag, per encoding, and
// answers a request that has it with 304 and no body, as static hosts do.
func TestSiteServerRevalidates(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "app.js"), bytes.Repeat([]byte("let x = 1;\n"), 100), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := serveSite(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	get := func(enc, inm string) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, s.URL+"/app.js", nil)
		req.Header.Set("Accept-Encoding", enc)
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	gz, plain := get("gzip", "").Header.Get("ETag"), get("identity", "").Header.Get("ETag")
	if gz == "" || plain == "" || gz == plain {
		t.Fatalf("ETags %q (gzip) and %q (identity): want two different ones", gz, plain)
	}
	s.Reset()
	if resp := get("gzip", gz); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match %s: status %d, want 304", gz, resp.StatusCode)
	}
	if resp := get("gzip", plain); resp.StatusCode != http.StatusOK {
		t.Errorf("If-None-Match of the identity body on a gzip request: status %d, want 200", resp.StatusCode)
	}
	if total := s.Sent(); total == 0 {
		t.Errorf("sent nothing for the 200")
	}
}
