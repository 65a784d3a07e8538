package wasmslim

import "strings"

// This file is also copied, as package app, into the build's copy of
// go-app's pkg/app, where slimEscapeHTML stands in for html.EscapeString
// (patches): package html's init links its table of entities, for
// unescaping, which neither go-app nor the app does.

// slimEscaper escapes as html.EscapeString's replacer does.
var slimEscaper = strings.NewReplacer(`&`, "&amp;", `'`, "&#39;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;")

// slimEscapeHTML is html.EscapeString.
func slimEscapeHTML(s string) string { return slimEscaper.Replace(s) }
