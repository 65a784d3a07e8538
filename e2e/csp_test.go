//go:build !wasm

package e2e

import (
	"strings"
	"testing"
)

// TestContentSecurityPolicy checks the page's policy: its own inline scripts
// run (the page works and logs no violation), and a script injected inline
// or an inline event handler does not.
func TestContentSecurityPolicy(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	policy := eval[string](tb, `document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? ""`)
	scripts := ""
	for _, d := range strings.Split(policy, ";") {
		if d = strings.TrimSpace(d); strings.HasPrefix(d, "script-src ") {
			scripts = d
		}
	}
	if scripts == "" {
		t.Fatalf("the page's policy %q has no script-src", policy)
	}
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:", "data:"} {
		if strings.Contains(scripts, " "+bad) {
			t.Errorf("script-src allows %s: %q", bad, scripts)
		}
	}
	tb.setSentence("The dog ran home.")
	tb.checkClean("the page under its policy")

	ran := eval[bool](tb, `new Promise((resolve) => {
		window.injected = false;
		const s = document.createElement("script");
		s.textContent = "window.injected = true";
		document.body.append(s);
		const img = document.createElement("img");
		img.setAttribute("onerror", "window.injected = true");
		img.src = "/no-such-image.png";
		document.body.append(img);
		setTimeout(() => resolve(window.injected), 500);
	})`)
	if ran {
		t.Error("an injected inline script or event handler ran")
	}
	tb.settle()
	tb.mu.Lock()
	violations := 0
	for _, e := range tb.errors {
		if strings.Contains(e, "Content Security Policy") {
			violations++
		}
	}
	tb.errors = nil // the injected script's, expected
	tb.mu.Unlock()
	if violations == 0 {
		t.Error("the refused script logged no violation: the tests' console check would not see one")
	}
}
