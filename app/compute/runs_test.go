package compute

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// fresh returns what a new Computer makes of s: the reference the kept
// runs must match.
func fresh(s state.State, needs Need) Results {
	var c Computer
	return c.Update(s, needs)
}

func samePair(a, b Pair) bool {
	if !slices.Equal(a.TokensA, b.TokensA) || !slices.Equal(a.TokensB, b.TokensB) || a.MaxAbs != b.MaxAbs ||
		a.Rejected != b.Rejected || a.Empty != b.Empty || a.OK() != b.OK() {
		return false
	}
	return !a.OK() || mat.Equal(a.A, b.A) && mat.Equal(a.B, b.B) && mat.Equal(a.Diff, b.Diff)
}

func TestComparisonRunsOnlyWhatChanged(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2 = "the cat sat on the mat", "the mat sat on the cat"
	steps := []struct {
		name   string
		change func(*state.State)
		runs   int // besides the main attention
	}{
		{"first", func(*state.State) {}, 2},
		{"another head", func(s *state.State) { s.Head = 1 }, 0},
		{"a keystroke in the sentence", func(s *state.State) { s.Text = "the cat sat on the rug" }, 1},
		{"a keystroke in the second sentence", func(s *state.State) { s.Text2 = "the rug sat on the cat" }, 1},
		{"the causal mask", func(s *state.State) { s.Causal = !s.Causal }, 2},
		{"the mean of the heads", func(s *state.State) { s.Head = state.HeadMean }, 0},
	}
	for _, st := range steps {
		st.change(&s)
		before := c.comparison.runs
		got := c.Update(s, NeedComparison).Comparison
		if runs := c.comparison.runs - before; runs != st.runs {
			t.Errorf("%s: %d runs besides the main one, want %d", st.name, runs, st.runs)
		}
		want := fresh(s, NeedComparison).Comparison
		if !samePair(got.Sentences, want.Sentences) || !samePair(got.Masks, want.Masks) {
			t.Errorf("%s: the comparison differs from a new Computer's", st.name)
		}
	}
}

func TestBatchRunsOnlyWhatChanged(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2 = "the cat sat on the mat", "a dog"
	steps := []struct {
		name   string
		change func(*state.State)
		runs   int // besides the main attention
	}{
		{"first", func(*state.State) {}, 2}, // the second sentence, and it padded
		{"another head", func(s *state.State) { s.Head = 1 }, 0},
		{"a keystroke in the longer sentence", func(s *state.State) { s.Text = "the cat sat on the rug" }, 0},
		{"a keystroke in the shorter one", func(s *state.State) { s.Text2 = "a cat" }, 2},
		{"the shorter one longer", func(s *state.State) { s.Text2 = "a cat sat on a mat too" }, 2},
	}
	for _, st := range steps {
		st.change(&s)
		before := c.batch.runs
		got := c.Update(s, NeedBatch).Batch
		if runs := c.batch.runs - before; runs != st.runs {
			t.Errorf("%s: %d runs besides the main one, want %d", st.name, runs, st.runs)
		}
		want := fresh(s, NeedBatch).Batch
		if got.Length != want.Length {
			t.Fatalf("%s: length %d, want %d", st.name, got.Length, want.Length)
		}
		for i := range got.Sides {
			g, w := got.Sides[i], want.Sides[i]
			if g.Real != w.Real || !slices.Equal(g.Tokens, w.Tokens) || g.OK() != w.OK() || g.OK() && !mat.Equal(g.Weights, w.Weights) {
				t.Errorf("%s: side %d differs from a new Computer's", st.name, i)
			}
			// Each side as the padded spec gives it, the longer one (run
			// unpadded) too.
			var e attention.Engine
			r, err := e.Run(paddedSpec(s, g.Text, g.Real, got.Length))
			if err != nil || !mat.Equal(g.Weights, HeadWeights(r, c.Update(s, NeedBatch).Head)) {
				t.Errorf("%s: side %d differs from its padded spec's run (%v)", st.name, i, err)
			}
		}
	}
}

// paddedSpec returns the spec of text padded with PadToken to length tokens,
// its pad keys masked: s's settings with Text + " ∅ ∅ …" and Valid the
// number of real tokens, which the caller has from the engine.
func paddedSpec(s state.State, text string, real, length int) *attention.Spec {
	s.Text = paddedText(text, real, length)
	spec := s.Spec()
	spec.Valid = &real
	return spec
}
