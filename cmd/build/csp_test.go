package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestContentSecurityPolicy(t *testing.T) {
	page := []byte(`<head><meta charset="UTF-8"><script defer src="/app.js"></script>` +
		`<script id="a">alert(1)</script><script>
x()
</script></head>`)
	policy := contentSecurityPolicy(page)
	for _, want := range []string{
		// echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
		"'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
		"'wasm-unsafe-eval'", "script-src 'self'", "object-src 'none'",
	} {
		if !strings.Contains(policy, want) {
			t.Errorf("policy %q lacks %s", policy, want)
		}
	}
	if n := strings.Count(policy, "'sha256-"); n != 2 {
		t.Errorf("policy has %d hashes, want 2 (the script with src has none): %q", n, policy)
	}
	if strings.Contains(policy, "unsafe-inline' 'sha") || strings.Contains(policy, "script-src 'self' 'unsafe") {
		t.Errorf("scripts may run inline: %q", policy)
	}
}

func TestAddCSP(t *testing.T) {
	dir := t.TempDir()
	index := filepath.Join(dir, "index.html")
	if err := os.WriteFile(index, []byte(`<html><head><meta charset="UTF-8"><script>x()</script></head></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := addCSP(dir); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(index)
	if !strings.HasPrefix(string(got), `<html><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-`) {
		t.Errorf("index.html: %s", got)
	}
	if err := os.WriteFile(index, []byte(`<html><head></head></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := addCSP(dir); err == nil {
		t.Error("a page without a charset: no error")
	}
}
