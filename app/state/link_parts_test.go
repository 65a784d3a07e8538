package state

import (
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

// TestDecodeLinkKeepsGoodSettings checks that a link with one bad value
// keeps its other settings and its sentence, and names the bad one with
// what was used instead.
func TestDecodeLinkKeepsGoodSettings(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	for _, tc := range []struct {
		link      string
		check     func(s State) bool
		key, used string
	}{
		{"text=a+b&heads=3&causal=1", func(s State) bool { return s.Text == "a b" && s.Causal && s.Heads == 2 }, "heads", "2"},
		{"text=a+b&d=32&heads=7", func(s State) bool { return s.DModel == 32 && s.Heads == 4 }, "heads", "4"},
		{"view=learn&task=reverse&lr=1e9", func(s State) bool { return s.View == LearnViewID && s.Task == "reverse" && s.LR == def.LR }, "lr", ""},
		{"text=a+b&temp=0&view=scaling", func(s State) bool { return s.Text == "a b" && s.View == "scaling" && s.Temperature == def.Temperature }, "temp", "1"},
		{"cell=a,b&view=pipeline&seed=7", func(s State) bool { return s.Seed == 7 && s.View == "pipeline" && s.Cell == def.Cell }, "cell", ""},
		{"lang=fr&text=bonjour", func(s State) bool { return s.Text == "bonjour" && s.Lang == def.Lang }, "lang", "en"},
		{"heads=4&head=6&pe=1", func(s State) bool { return s.Heads == 4 && s.Positional && s.Head < 4 }, "head", HeadKey(def.Head)},
		{"seed=1&seed=2&causal=1", func(s State) bool { return s.Seed == def.Seed && s.Causal }, "seed", "1"},
		{"temp=1e308&causal=1", func(s State) bool { return s.Temperature == MaxUITemperature && s.Causal }, "temp", "10"},
		{"temp=0.001&seed=3", func(s State) bool { return s.Temperature == MinUITemperature && s.Seed == 3 }, "temp", "0.1"},
		{"d=32&heads=4&dk=7", func(s State) bool { return s.DModel == 32 && s.DK == NearestDK(7) && s.DK != 7 }, "dk", encodeDK(NearestDK(7))},
		{"teach=!!!notatour&tstep=1&causal=1", func(s State) bool { return s.Teach == "" && s.TeachStep == 0 && s.Causal }, "teach", ""},
	} {
		s, probs, err := DecodeLink(tc.link, def)
		if err != nil || !tc.check(s) {
			t.Errorf("%s: %+v, %v", tc.link, s, err)
		}
		if len(probs) != 1 || probs[0].Key != tc.key || (tc.used != "" && probs[0].Used != tc.used) {
			t.Errorf("%s: problems %+v, want one of %s, using %q", tc.link, probs, tc.key, tc.used)
		}
		if _, err := DecodeState(s.Encode(), def); err != nil {
			t.Errorf("%s: what it uses does not make a valid link: %v", tc.link, err)
		}
	}
}

// TestDecodeLinkLR checks that a dropped learning rate, or step to stop at,
// names the task's own as the one used, not the 0 that stands for it.
func TestDecodeLinkLR(t *testing.T) {
	s, probs, _ := DecodeLink("view=learn&lr=1e9", DefaultState(i18n.LangEN))
	if len(probs) != 1 || probs[0].Used != FormatLR(s.TaskLR()) || probs[0].Used == "0" {
		t.Errorf("problems %+v, want lr using %s", probs, FormatLR(s.TaskLR()))
	}
	s, probs, _ = DecodeLink("view=learn&task=reverse&until=999999999", DefaultState(i18n.LangEN))
	if want := strconv.Itoa(s.TaskUntil()); len(probs) != 1 || probs[0].Used != want || want == "0" {
		t.Errorf("problems %+v, want until using %s", probs, want)
	}
}

// TestDecodeLinkWhole checks what still gives def with an error: a link
// that is not a query, or too long; and that a valid link has no problems.
func TestDecodeLinkWhole(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	for _, link := range []string{"text=%zz&heads=2", "text=" + strings.Repeat("a", maxLinkBytes)} {
		if s, _, err := DecodeLink(link, def); err == nil || s != def {
			t.Errorf("%.40s: %v", link, err)
		}
	}
	want := def
	want.Heads, want.Causal = 4, true
	if s, probs, err := DecodeLink(want.Encode(), def); err != nil || len(probs) != 0 || s != want {
		t.Errorf("a valid link: %+v, %+v, %v", s, probs, err)
	}
	for _, link := range []string{"temp=2.50&dk=8", "temp=1.0&dk=auto", "text=1e308&seed=12"} {
		if _, probs, _ := DecodeLink(link, def); len(probs) != 0 {
			t.Errorf("%s: problems %+v, want none", link, probs)
		}
	}
	if _, probs, _ := DecodeLink("text="+strings.Repeat("x", 100), def); len(probs) != 0 {
		t.Errorf("a long sentence: %+v", probs)
	}
	if _, probs, _ := DecodeLink("text=%FF&seed=2", def); len(probs) != 1 || len([]rune(probs[0].Value)) > maxShownValue+1 {
		t.Errorf("text not UTF-8: %+v", probs)
	}
}

// TestDecodeLinkOldProbe2 opens a link of the trained compare view from
// before probe2 (its second sequence in text2): the sequence is kept, as
// probe2; a sentence in text2 that is not in the task's words is not.
func TestDecodeLinkOldProbe2(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	s, probs, err := DecodeLink("view=compare&trained=1&task=reverse&text2=c+b+a", def)
	if err != nil || len(probs) != 0 || s.Probe2 != "c b a" || s.Sentence2() != "c b a" || s.Text2 != def.Text2 {
		t.Errorf("an old link: probe2 %q, box %q, text2 %q, %+v, %v; want c b a and the default", s.Probe2, s.Sentence2(), s.Text2, probs, err)
	}
	// A link with no text2, read against a state whose text2 is in the
	// task's words (a link edited in place), keeps probe2.
	was := def
	was.Text2, was.Probe2 = "bad cafe", "a b"
	if s, _, _ := DecodeLink("view=compare&trained=1&task=reverse", was); s.Probe2 != "a b" || s.Text2 != "bad cafe" {
		t.Errorf("no text2: probe2 %q, text2 %q; want a b and bad cafe", s.Probe2, s.Text2)
	}
	s, _, _ = DecodeLink("view=compare&trained=1&task=reverse&text2=The+mat+sat", def)
	if s.Probe2 != "" || s.Text2 != "The mat sat" {
		t.Errorf("a sentence in text2: probe2 %q, text2 %q", s.Probe2, s.Text2)
	}
	s, _, _ = DecodeLink("view=compare&trained=1&task=reverse&text2=c+b+a&probe2=a+b", def)
	if s.Probe2 != "a b" || s.Text2 != "c b a" {
		t.Errorf("a new link: probe2 %q, text2 %q", s.Probe2, s.Text2)
	}
}
