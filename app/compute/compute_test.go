package compute

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/text"
)

func TestUpdateRunsOnInputChange(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	r := c.Update(s, 0)
	if r.Result == nil || r.Rev != 1 || r.Rejected.Key != "" || len(r.Result.Heads) != 2 {
		t.Fatalf("first update: %+v", r)
	}
	s.Head, s.Lang, s.Text2 = 1, i18n.LangZH, "other" // how it is looked at
	if r = c.Update(s, 0); r.Rev != 1 || r.Head != 1 || r.StepHead != 1 {
		t.Errorf("a change of head and language: rev %d, head %d, step head %d; want 1, 1, 1", r.Rev, r.Head, r.StepHead)
	}
	s.Seed = 2 // the input
	if r = c.Update(s, 0); r.Rev != 2 {
		t.Errorf("a change of seed: rev %d, want 2", r.Rev)
	}
	s.View = state.MatricesViewID // the view's own input
	if r = c.Update(s, 0); r.Rev != 3 || len(r.Result.Tokens) != 3 {
		t.Errorf("the matrices view: rev %d, %d tokens; want 3, the example's 3", r.Rev, len(r.Result.Tokens))
	}
}

func TestUpdateRejects(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	first := c.Update(s, 0)
	tokens := first.Result.Tokens[0]
	s.Text = strings.Repeat("a ", text.MaxTokens+1)
	r := c.Update(s, 0)
	if r.Rejected.Key != "error.tooMany" || !reflect.DeepEqual(r.Rejected.Arg, []any{text.MaxTokens, text.MaxTokens + 1}) || r.Rev != first.Rev || r.Result.Tokens[0] != tokens {
		t.Errorf("too many tokens: %+v, rev %d; want error.tooMany and the last result kept", r.Rejected, r.Rev)
	}
	s.Text = "   "
	if r = c.Update(s, 0); r.Result != nil || r.Rejected.Key != "" || r.Rev != first.Rev+1 {
		t.Errorf("empty text: result %v, %+v, rev %d; want none, no rejection, a new rev", r.Result, r.Rejected, r.Rev)
	}
	s.Text = strings.Repeat("a ", text.MaxTokens+1) // no last sentence to keep showing
	if r = c.Update(s, 0); r.Result != nil || r.Rejected.Key != "error.tooMany.none" {
		t.Errorf("too many tokens after empty text: result %v, %+v; want none, error.tooMany.none", r.Result, r.Rejected)
	}
	for lang, kept := range map[string]string{i18n.LangEN: "still show", i18n.LangZH: "仍显示"} {
		if msg := i18n.Tf(lang, r.Rejected.Key, r.Rejected.Arg); strings.Contains(msg, kept) || !i18n.Has(lang, r.Rejected.Key) {
			t.Errorf("%s: %q speaks of the last charts, or is untranslated", lang, msg)
		}
	}
}

func TestHeadChoice(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN) // 2 heads
	for _, tc := range []struct{ head, heads, shown, step int }{
		{0, 2, 0, 0},
		{1, 2, 1, 1},
		{state.HeadMean, 2, state.HeadMean, 0},
		{5, 2, state.HeadMean, 0}, // a head the charts lack
	} {
		s.Head = tc.head
		r := c.Update(s, 0)
		if r.Heads != tc.heads || r.Head != tc.shown || r.StepHead != tc.step {
			t.Errorf("head %d: heads %d, head %d, step head %d; want %d, %d, %d", tc.head, r.Heads, r.Head, r.StepHead, tc.heads, tc.shown, tc.step)
		}
	}
	s.Text, s.Head, s.Heads = "", 3, 4 // no charts: the state's heads
	if r := c.Update(s, 0); r.Heads != 4 || r.Head != 3 {
		t.Errorf("no result: heads %d, head %d; want the state's 4, 3", r.Heads, r.Head)
	}
}

func TestComparison(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2, s.Head = "the cat sat on the mat", "the mat sat on the cat", 1
	if r := c.Update(s, 0); r.Comparison != nil {
		t.Error("a comparison nobody needs")
	}
	p := c.Update(s, NeedComparison).Comparison.Sentences
	if !p.OK() || len(p.TokensA) != 6 || p.TokensB[1] != "mat" {
		t.Fatalf("pair %+v", p)
	}
	maxAbs := 0.0
	for i := range 6 {
		for j := range 6 {
			d := p.A.At(i, j) - p.B.At(i, j)
			if p.Diff.At(i, j) != d {
				t.Fatalf("diff (%d, %d) = %v, want A − B = %v", i, j, p.Diff.At(i, j), d)
			}
			maxAbs = max(maxAbs, d, -d)
		}
	}
	if p.MaxAbs != maxAbs || maxAbs == 0 {
		t.Errorf("MaxAbs %v, want %v (> 0)", p.MaxAbs, maxAbs)
	}
	m := c.Update(s, NeedComparison).Comparison.Masks
	if !m.OK() || m.B.At(0, 1) != 0 || m.Diff.At(0, 1) != m.A.At(0, 1) || m.A.At(0, 1) == 0 {
		t.Errorf("masks: causal (0, 1) %v, diff %v, unmasked %v", m.B.At(0, 1), m.Diff.At(0, 1), m.A.At(0, 1))
	}
	s.Text2 = "a dog"
	if p = c.Update(s, NeedComparison).Comparison.Sentences; p.OK() || p.Empty || p.Rejected != -1 || len(p.TokensB) != 2 {
		t.Errorf("sentences of 6 and 2 tokens: %+v; want no difference, the counts", p)
	}
	s.Text2 = " "
	if p = c.Update(s, NeedComparison).Comparison.Sentences; p.OK() || !p.Empty {
		t.Errorf("an empty second sentence: %+v; want Empty", p)
	}
}

func TestBatch(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2, s.Heads = "the cat sat on the mat", "a dog", 4
	b := c.Update(s, NeedBatch).Batch
	long, short := b.Sides[0], b.Sides[1]
	if b.Length != 6 || !long.OK() || !short.OK() || long.Real != 6 || short.Real != 2 {
		t.Fatalf("batch of length %d, sides %+v, %+v", b.Length, long, short)
	}
	if want := []string{"a", "dog", PadToken, PadToken, PadToken, PadToken}; !slices.Equal(short.Tokens, want) {
		t.Errorf("padded tokens %q, want %q", short.Tokens, want)
	}
	for i := range 6 {
		for j := 2; j < 6; j++ {
			if w := short.Weights.At(i, j); w != 0 {
				t.Errorf("pad key %d has weight %v for query %d, want exactly 0", j, w, i)
			}
		}
	}
	s.Text2 = ""
	if side := c.Update(s, NeedBatch).Batch.Sides[1]; side.OK() || !side.Empty {
		t.Errorf("an empty second sentence: %+v; want Empty", side)
	}
}

func TestSweep(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	s.View = "scaling"
	if r := c.Update(s, NeedSweep); r.Sweep != nil {
		t.Fatal("a sweep before any step")
	}
	gen, ok := c.SweepPending()
	if !ok {
		t.Fatal("no sweep queued")
	}
	s.Head, s.DK, s.NoScale = 1, 8, true // what the sweep does not depend on
	c.Update(s, NeedSweep)
	if g, _ := c.SweepPending(); g != gen {
		t.Errorf("a change of head, d_k and scaling queued sweep %d after %d", g, gen)
	}
	steps, want := 1, 2*len(DKChoices)*s.Heads
	for !c.SweepStep() {
		if steps++; steps > want {
			t.Fatal("the sweep does not end")
		}
	}
	if steps != want {
		t.Errorf("%d steps, want one per head of each run, %d", steps, want)
	}
	r := c.Update(s, NeedSweep)
	sw := r.Sweep
	if sw == nil || len(sw.Points) != len(DKChoices) || sw.Tokens != len(r.Result.Tokens) {
		t.Fatalf("sweep %+v", sw)
	}
	if _, ok := c.SweepPending(); ok {
		t.Error("a sweep still pending after the whole one")
	}
	last := sw.Points[len(sw.Points)-1]
	if last.DK != 128 || last.MaxRaw <= last.MaxScaled || last.EntRaw >= last.EntScaled {
		t.Errorf("d_k %d: unscaled %v, %v; scaled %v, %v: want the unscaled more saturated", last.DK, last.MaxRaw, last.EntRaw, last.MaxScaled, last.EntScaled)
	}
	var e attention.Engine
	var w attention.SweepWeights
	mx, ent, err := w.Saturation(&e, s.Spec(), 128, false)
	if err != nil || mx != last.MaxRaw || ent != last.EntRaw {
		t.Errorf("d_k 128 unscaled: %v, %v from the steps; %v, %v (%v) from a whole run", last.MaxRaw, last.EntRaw, mx, ent, err)
	}
	s.Text = "another sentence"
	if r := c.Update(s, NeedSweep); r.Sweep != sw {
		t.Error("new settings do not keep showing the last whole sweep")
	}
	if g, ok := c.SweepPending(); !ok || g == gen {
		t.Errorf("new text: pending %d, %v; want a new sweep", g, ok)
	}
}

func TestDerived(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	s.Causal, s.Head, s.Cell = true, 1, state.CellRef{I: 3, J: 2, On: true}
	if r := c.Update(s, 0); r.Cell != nil || r.Scaled != nil {
		t.Error("a cell and scaled scores nobody needs")
	}
	r := c.Update(s, NeedCell|NeedSteps)
	w := r.Result.Heads[1].Weights.At(3, 2)
	if r.Cell == nil || r.Cell.Weight != w {
		t.Fatalf("cell %+v, want the weight %v of head 2", r.Cell, w)
	}
	n := len(r.Result.Tokens)
	if rows, cols := r.Scaled.Dims(); rows != n || cols != n {
		t.Fatalf("scaled scores %d×%d, want %d×%d", rows, cols, n, n)
	}
	for i := range n {
		for j := range i + 1 { // the causal mask keeps j ≤ i: there the logits are the scaled scores
			if got, want := r.Scaled.At(i, j), r.Result.Heads[1].Logits.At(i, j); got != want {
				t.Fatalf("scaled (%d, %d) = %v, want the logit %v", i, j, got, want)
			}
		}
	}
	s.Cell = state.CellRef{I: n, J: 0, On: true} // beyond the tokens
	if r := c.Update(s, NeedCell); r.Cell != nil {
		t.Errorf("a cell beyond the tokens is worked out: %+v", r.Cell)
	}
}

func TestRowStats(t *testing.T) {
	var c Computer
	s := state.DefaultState(i18n.LangEN)
	s.Causal = true // row 0 attends to itself only: weight 1, entropy 0
	r := c.Update(s, NeedRowStats)
	n := len(r.Result.Tokens)
	if len(r.Rows) != n || r.Rows[0].Max != 1 || r.Rows[0].Entropy != 0 {
		t.Fatalf("%d row stats, the first %+v; want %d, the first {1 0}", len(r.Rows), r.Rows[0], n)
	}
	for i, st := range r.Rows {
		row := r.Result.WeightsMean.RawRowView(i) // the mean: Head is HeadMean
		if st.Max != slices.Max(row) || st.Entropy < 0 || st.Entropy > math.Log(float64(i+1))+1e-12 {
			t.Errorf("row %d: %+v, max of the row %v, entropy at most ln %d", i, st, slices.Max(row), i+1)
		}
	}
}
