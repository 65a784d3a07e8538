package compute

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestWordCount checks the rough count the too-many-tokens message gives.
func TestWordCount(t *testing.T) {
	for s, want := range map[string]int{
		"":                            0,
		"  \n ":                       0,
		"The cat sat.":                3,
		"The cat, the mat!!! ...":     4,
		"小猫坐在垫子上":                     7,
		"x2 9 café naïve":             4,
		strings.Repeat("word ", 5000): 5000,
	} {
		if got := wordCount(s); got != want {
			t.Errorf("wordCount(%.30q) = %d, want %d", s, got, want)
		}
	}
}

// TestTooManySaysHowMany checks that a 5,000-word paste is told its size in
// both languages, not only the limit.
func TestTooManySaysHowMany(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	s.Text = strings.Repeat("word ", 5000)
	r := c.Update(s, 0)
	args, ok := r.Rejected.Arg.([]any)
	if !ok {
		t.Fatalf("rejected %+v, want the limit and the count", r.Rejected)
	}
	for lang, want := range map[string]string{i18n.LangEN: "about 5000 words", i18n.LangZH: "约有 5000 个词"} {
		if msg := i18n.Tf(lang, r.Rejected.Key, args...); !strings.Contains(msg, want) || !strings.Contains(msg, "128") {
			t.Errorf("%s: %q lacks %q and the limit", lang, msg, want)
		}
	}
}

// TestTooLongSaysSo checks that a text of few tokens but more bytes than a
// link carries (one pasted word of 5,000 letters) is rejected with its
// size, in both languages, the last charts kept: a link could not reopen it.
func TestTooLongSaysSo(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	first := c.Update(s, 0)
	s.Text = "a " + strings.Repeat("x", 5000)
	r := c.Update(s, 0)
	if r.Rejected.Key != "error.tooLong" || r.Result != first.Result {
		t.Fatalf("rejected %+v, result kept %v; want error.tooLong and the last result", r.Rejected, r.Result == first.Result)
	}
	args := r.Rejected.Arg.([]any)
	for lang, want := range map[string]string{i18n.LangEN: "5002", i18n.LangZH: "5002 字节"} {
		if msg := i18n.Tf(lang, r.Rejected.Key, args...); !strings.Contains(msg, want) || !strings.Contains(msg, "4096") {
			t.Errorf("%s: %q lacks %q and the limit", lang, msg, want)
		}
	}
	if _, probs, _ := state.DecodeLink("text="+s.Text, state.DefaultState(i18n.LangEN)); len(probs) != 1 || probs[0].Why != "link.why.long" || !strings.HasPrefix(probs[0].Used, "“") {
		t.Errorf("the link of that text: %+v, want link.why.long and the sentence used in quotation marks", probs)
	}
}
