package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// inlineScript matches a <script> element without src and captures its text.
var inlineScript = regexp.MustCompile(`(?s)<script(?:\s[^>]*)?>(.*?)</script>`)

// contentSecurityPolicy returns the policy of a page whose HTML is page:
// scripts only from the page's origin and the page's own inline scripts (by
// the hash of their text), WebAssembly compilation ('wasm-unsafe-eval',
// which app.wasm needs) and nothing broader: no eval, no inline event
// handlers, no other origin for anything. Styles may be inline, since
// go-app writes style attributes.
func contentSecurityPolicy(page []byte) string {
	scripts := []string{"'self'", "'wasm-unsafe-eval'"}
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		if bytes.Contains(m[0][:bytes.IndexByte(m[0], '>')], []byte(" src=")) {
			continue
		}
		sum := sha256.Sum256(m[1])
		scripts = append(scripts, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(scripts, " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'none'",
	}, "; ")
}

// addCSP writes the page's Content-Security-Policy right after the charset
// of every HTML page in outDir, ahead of every script and style: a meta tag
// governs only what comes after it.
func addCSP(outDir string) error {
	pages, err := filepath.Glob(filepath.Join(outDir, "*.html"))
	if err != nil {
		return err
	}
	for _, p := range pages {
		page, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		const charset = `<meta charset="UTF-8">`
		i := bytes.Index(page, []byte(charset))
		if i < 0 {
			return fmt.Errorf("%s has no %s", p, charset)
		}
		i += len(charset)
		meta := `<meta http-equiv="Content-Security-Policy" content="` + contentSecurityPolicy(page) + `">`
		page = append(page[:i:i], append([]byte(meta), page[i:]...)...)
		if err := os.WriteFile(p, page, 0o644); err != nil {
			return err
		}
	}
	return nil
}
