package export_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/attnviz/attnviz/attention/export"
)

var (
	catSat = export.Label{Sentence: "The cat sat on the mat.", Heads: 2, Head: 0, Causal: true, DModel: 16, Seed: 1, Seeded: true}
	huge   = strings.Repeat("attention is all you need ", 1000)
)

// with returns l with its sentence, head and heads replaced.
func with(l export.Label, sentence string, head export.Matrix, heads int) export.Label {
	l.Sentence, l.Head, l.Heads = sentence, head, heads
	return l
}

func TestLabel(t *testing.T) {
	noSeed := catSat
	noSeed.Seeded, noSeed.Causal, noSeed.DModel = false, false, 8
	for _, c := range []struct {
		name    string
		l       export.Label
		ext     string
		file    string
		caption string
	}{
		{"sentence", catSat, "png", "attention-the-cat-sat-on-the-mat-h1-causal-d16-seed1.png",
			"“The cat sat on the mat.” · head 1 of 2 · causal · d_model 16 · seed 1"},
		{"mean", with(catSat, "The cat sat on the mat.", export.Mean, 2), ".svg", "attention-the-cat-sat-on-the-mat-mean-causal-d16-seed1.svg",
			"“The cat sat on the mat.” · mean of 2 heads · causal · d_model 16 · seed 1"},
		{"one head", with(noSeed, "cats", 0, 1), "PNG", "attention-cats-d8.png",
			"“cats” · 1 head · d_model 8"},
		{"emoji", with(catSat, "I ❤️ 🐈s! 👨‍👩‍👧", 1, 4), "png", "attention-i-s-h2-causal-d16-seed1.png",
			"“I ❤️ 🐈s! 👨‍👩‍👧” · head 2 of 4 · causal · d_model 16 · seed 1"},
		{"Chinese", with(catSat, "注意力机制很重要", 1, 2), "png", "attention-h2-causal-d16-seed1.png",
			"“注意力机制很重要” · head 2 of 2 · causal · d_model 16 · seed 1"},
		{"long Chinese", with(catSat, strings.Repeat("注意力", 20), 0, 2), "png", "attention-h1-causal-d16-seed1.png",
			"“" + strings.Repeat("注意力", 6) + "注…” · head 1 of 2 · causal · d_model 16 · seed 1"},
		{"HTML", with(noSeed, `<script>alert("x")</script>`, 0, 1), "png", "attention-script-alert-x-script-d8.png",
			`“<script>alert("x")</script>” · 1 head · d_model 8`},
		{"empty", with(catSat, "", 0, 2), "png", "attention-h1-causal-d16-seed1.png",
			"head 1 of 2 · causal · d_model 16 · seed 1"},
		{"white space and controls", with(noSeed, "  a\n\tb \x1b[31m\u202e ", 0, 1), "", "attention-a-b-31m-d8",
			"“a b ?[31m?” · 1 head · d_model 8"},
		{"trained", export.Label{Task: "reverse", Step: 30, Sentence: "a b c", Heads: 1, DModel: 16}, "png", "attention-reverse-step30-a-b-c-d16.png",
			"reverse, trained to step 30 · “a b c” · 1 head · d_model 16"},
		{"huge", with(catSat, huge, 0, 2), "../../x.png", "attention-attention-is-all-you-need-attention-is-h1-causal-d16-seed1.xpng",
			"“attention is all you need attention is…” · head 1 of 2 · causal · d_model 16 · seed 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.l.FileName(c.ext); got != c.file {
				t.Errorf("FileName(%q) = %q, want %q", c.ext, got, c.file)
			}
			if got := c.l.Caption(); got != c.caption {
				t.Errorf("Caption() = %q, want %q", got, c.caption)
			}
		})
	}
}

var safeName = regexp.MustCompile(`^attention(-[a-z0-9]+)*(\.[a-z0-9]+)?$`)

// TestLabelBounds checks, over many sentences, that file names have safe
// characters and a bounded length, and captions one printable line whose
// sentence is at most 40 columns.
func TestLabelBounds(t *testing.T) {
	sentences := []string{"", " ", "-", "---a---", huge, strings.Repeat("x", 500), strings.Repeat("👨‍👩‍👧", 100),
		strings.Repeat("e\u0301", 300), "a/b\\c:d*e?f\"g<h>i|j", "CON", "..", "\x00\xff\xfe", strings.Repeat("🇫🇷", 50)}
	for _, s := range sentences {
		for _, ext := range []string{"png", "", strings.Repeat("z", 50)} {
			l := with(catSat, s, export.Mean, 64)
			l.Seed = -1 << 63
			name := l.FileName(ext)
			if !safeName.MatchString(name) || len(name) > 100 {
				t.Errorf("FileName of %.20q, %q = %q (%d bytes)", s, ext, name, len(name))
			}
			caption := l.Caption()
			for _, r := range caption {
				if !unicode.IsPrint(r) && r != '\u200d' && r != ' ' {
					t.Errorf("caption of %.20q has %U", s, r)
				}
			}
			if quoted, _, ok := strings.Cut(caption, "” · "); ok && export.Width(quoted) > 1+40 {
				t.Errorf("caption of %.20q: sentence %d columns wide", s, export.Width(quoted)-1)
			}
		}
	}
}
