package wasmslim

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// TestOptsStripsAsRegexpDid checks the stand-ins against the regular
// expressions of go-echarts' opts/js.go, on chosen and random strings.
func TestOptsStripsAsRegexpDid(t *testing.T) {
	newlineTab := regexp.MustCompile(`\n|\t`)
	comment := regexp.MustCompile(`(//.*)\n`)
	inputs := []string{
		"", "a", "//", "//\n", "a // b\nc", "a // b", "x//y//z\n//\n\tq\n", "http://x\n",
		"function (p) {\n\t// the value\n\treturn p.value; // done\n}", "a\n// b", "\xff//\xfe\n\xfd",
		"// one\n// two\n// three", "/ /\n/\n/", "\t\t\n\n",
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "/\n\ta \xff"
	for range 2000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	for _, s := range inputs {
		if got, want := (slimLineComments{}).ReplaceAllString(s, ""), comment.ReplaceAllString(s, ""); got != want {
			t.Errorf("comments of %q: %q, want %q", s, got, want)
		}
		if got, want := slimNewlineTab.ReplaceAllString(s, ""), newlineTab.ReplaceAllString(s, ""); got != want {
			t.Errorf("newlines and tabs of %q: %q, want %q", s, got, want)
		}
	}
}
