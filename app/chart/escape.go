package chart

import "strings"

// htmlEscaper escapes the five characters that html.EscapeString escapes,
// as it does. Package html would also link its table of entities (for
// unescaping, which the app never does): about 20 KB of app.wasm's gzip.
var htmlEscaper = strings.NewReplacer(`&`, "&amp;", `'`, "&#39;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;")

// EscapeHTML is html.EscapeString: s as text in HTML, such as a tooltip's.
func EscapeHTML(s string) string { return htmlEscaper.Replace(s) }
