package views

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

func TestScalingView(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.View, s.NoScale, s.Temperature, s.DK, s.Head = "scaling", true, 0.5, 32, 1
	r, err := attention.Run(s.Spec())
	if err != nil {
		t.Fatal(err)
	}
	v := &ScalingView{Props: propsOf(t, s, compute.NeedSweep|compute.NeedRowStats)}
	html := render(t, v)
	for _, want := range []string{`id="heatmap"`, `id="row-stats"`, `id="sweep-max"`, `id="sweep-entropy"`, "entropy (nats)", "softmax(q·k / 0.5)"} {
		if !strings.Contains(html, want) {
			t.Errorf("the view lacks %s", want)
		}
	}
	// Each row's numbers are the engine's, through attention.Entropy.
	w := r.Heads[1].Weights
	for i := range r.Tokens {
		row := w.RawRowView(i)
		for _, x := range []float64{attention.MaxWeight(row), attention.Entropy(row)} {
			if !strings.Contains(html, ">"+strconv.FormatFloat(x, 'f', 3, 64)+"<") {
				t.Errorf("row %d: %.3f is not shown", i, x)
			}
		}
	}
	if got := optionCells(t, v.main, 0); len(got) != len(r.Tokens)*len(r.Tokens) || got[1][2] != w.At(0, 1) {
		t.Errorf("heatmap cells %v…, want head 2's weights", got[:2])
	}
	// The sweep saturates without scaling and not with it.
	sweep := v.Props.Sweep.Points
	if len(sweep) != len(state.DKChoices) {
		t.Fatalf("sweep has %d points, want %d", len(sweep), len(state.DKChoices))
	}
	first, last := sweep[0], sweep[len(sweep)-1]
	if !(last.MaxRaw > first.MaxRaw && last.MaxRaw > 0.8 && last.EntRaw < first.EntRaw) {
		t.Errorf("unscaled sweep does not saturate: %+v → %+v", first, last)
	}
	if math.Abs(last.MaxScaled-first.MaxScaled) > 0.25 {
		t.Errorf("scaled sweep moves too much: %+v → %+v", first, last)
	}
	if !strings.Contains(v.maxOpt, `"type":"line"`) {
		t.Errorf("sweep option is not a line chart: %.200s", v.maxOpt)
	}
}

func TestScalingControls(t *testing.T) {
	s := state.DefaultState(i18n.LangZH)
	s.Temperature, s.DK = 2, 64
	html := render(t, &ScalingControls{State: s, Set: noSet})
	for _, want := range []string{`id="scale"`, `id="temperature"`, `id="dk"`, ">2<", "温度", `value="6"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the controls lack %s: %s", want, html)
		}
	}
}

func TestCompareView(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.View, s.Text, s.Text2 = "compare", "the cat sat on the mat", "the mat sat on the cat"
	v := &CompareView{Props: propsOf(t, s, compute.NeedComparison)}
	html := render(t, v)
	for _, id := range []string{"sentence2", "compare-a", "compare-b", "compare-diff", "compare-nomask", "compare-causal", "compare-maskdiff"} {
		if !strings.Contains(html, `id="`+id+`"`) {
			t.Errorf("the view lacks #%s", id)
		}
	}
	check := func(name, option string, a, b *state.State) {
		ra, err := attention.Run(a.Spec())
		if err != nil {
			t.Fatal(err)
		}
		rb, err := attention.Run(b.Spec())
		if err != nil {
			t.Fatal(err)
		}
		cells := optionCells(t, option, 0)
		if len(cells) != len(ra.Tokens)*len(ra.Tokens) {
			t.Fatalf("%s: %d cells", name, len(cells))
		}
		for _, c := range cells {
			j, i := int(c[0]), int(c[1])
			if want := ra.WeightsMean.At(i, j) - rb.WeightsMean.At(i, j); c[2] != want {
				t.Fatalf("%s[%d][%d] = %v, want A − B = %v", name, i, j, c[2], want)
			}
		}
	}
	b := s
	b.Text = s.Text2
	check("sentences", v.pairs[0].diff, &s, &b)
	none, causal := s, s
	causal.Causal = true
	check("mask", v.pairs[1].diff, &none, &causal)
	// Without positional encoding, swapping "cat" and "mat" permutes.
	if d := v.pairs[0].maxAbs; d == 0 {
		t.Error("swapped words give no difference at all")
	}
	var o struct {
		VisualMap []struct{ Min, Max float64 } `json:"visualMap"`
	}
	json.Unmarshal([]byte(v.pairs[0].diff), &o)
	if len(o.VisualMap) != 1 || o.VisualMap[0].Min != -o.VisualMap[0].Max || o.VisualMap[0].Max < v.pairs[0].maxAbs {
		t.Errorf("difference scale %+v is not symmetric around 0 and holding %v", o.VisualMap, v.pairs[0].maxAbs)
	}

	// Different counts: said, with a suggestion.
	s.Text2 = "the mat sat"
	v = &CompareView{Props: propsOf(t, s, compute.NeedComparison)}
	html = render(t, v)
	if !strings.Contains(html, "has 6 tokens and sentence B 3") || strings.Contains(html, `id="compare-diff"`) {
		t.Errorf("different counts are not explained: %s", html)
	}
	if !strings.Contains(html, `id="compare-maskdiff"`) {
		t.Error("the mask comparison is gone with the sentence comparison")
	}
}

func TestPaddingView(t *testing.T) {
	s := state.DefaultState(i18n.LangZH)
	s.View, s.Text, s.Text2, s.Heads = "padding", "the cat sat on the mat", "a dog", 4
	v := &PaddingView{Props: propsOf(t, s, compute.NeedBatch)}
	html := render(t, v)
	for _, want := range []string{`id="padding-0"`, `id="padding-1"`, "键填充掩码", "2 个词元 + 4 个填充"} {
		if !strings.Contains(html, want) {
			t.Errorf("the view lacks %s", want)
		}
	}
	// The shorter sentence: real columns in series 0, pad columns in
	// series 1, all exactly 0; the real rows equal the unpadded run.
	alone := s
	alone.Text = s.Text2
	ra, err := attention.Run(alone.Spec())
	if err != nil {
		t.Fatal(err)
	}
	real := v.sides[1].real
	if real != 2 || v.Props.Batch.Length != 6 {
		t.Fatalf("real %d, length %d, want 2 and 6", real, v.Props.Batch.Length)
	}
	masked := optionCells(t, v.sides[1].option, 1)
	if len(masked) != 6*4 {
		t.Errorf("%d masked cells, want 24", len(masked))
	}
	for _, c := range masked {
		if int(c[0]) < real || c[2] != 0 {
			t.Errorf("masked cell %v: want a pad column and exactly 0", c)
		}
	}
	for _, c := range optionCells(t, v.sides[1].option, 0) {
		j, i := int(c[0]), int(c[1])
		if j >= real {
			t.Errorf("unmasked cell %v in a pad column", c)
		}
		if i < real && c[2] != ra.WeightsMean.At(i, j) {
			t.Errorf("padded [%d][%d] = %v, alone %v", i, j, c[2], ra.WeightsMean.At(i, j))
		}
	}
	// The longer sentence has no pad and no masked cell.
	if n := len(optionCells(t, v.sides[0].option, 1)); n != 0 {
		t.Errorf("the longer sentence has %d masked cells", n)
	}
}

func TestMaskedOption(t *testing.T) {
	w := mat.NewDense(3, 3, []float64{1, 0, 0, 0.5, 0.5, 0, 0.2, 0.8, 0})
	tok := []string{"a", "b", "<pad>"}
	o, err := chart.MaskedOption(weightsMap(i18n.LangEN, "x", w, tok, tok), 2)
	if err != nil {
		t.Fatal(err)
	}
	if n0, n1 := len(optionCells(t, o, 0)), len(optionCells(t, o, 1)); n0 != 6 || n1 != 3 {
		t.Errorf("series have %d and %d cells, want 6 and 3", n0, n1)
	}
	if !strings.Contains(o, `"seriesIndex":0`) || !strings.Contains(o, chart.MaskedColor) {
		t.Errorf("option %s", o)
	}
}
