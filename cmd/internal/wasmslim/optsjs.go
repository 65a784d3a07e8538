package wasmslim

import "strings"

// This file is also copied, as package opts, into the build's copy of
// go-echarts/v2/opts, where it stands in for the two regular expressions of
// opts/js.go (patches): `\n|\t` and `(//.*)\n`. optsjs_test.go checks that
// they remove what the expressions matched.

// slimNewlineTab removes every newline and tab, as `\n|\t` replaced by "".
var slimNewlineTab = slimReplacer{strings.NewReplacer("\n", "", "\t", "")}

// slimReplacer removes what its Replacer removes.
type slimReplacer struct{ r *strings.Replacer }

// ReplaceAllString is r's Replace; repl must be "", as opts passes.
func (p slimReplacer) ReplaceAllString(s, repl string) string {
	if repl != "" {
		panic("opts: only removes")
	}
	return p.r.Replace(s)
}

// slimLineComments matches as `(//.*)\n` did: from "//" to the end of its
// line, with the newline, where one follows.
type slimLineComments struct{}

// ReplaceAllString removes every match; repl must be "", as opts passes.
func (slimLineComments) ReplaceAllString(s, repl string) string {
	if repl != "" {
		panic("opts: only removes")
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "//")
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}
