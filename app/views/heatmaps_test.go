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

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

func TestScalingStateRoundTrip(t *testing.T) {
	def := state.DefaultState(i18n.LangEN)
	for _, s := range []state.State{
		{Input: state.Input{Text: "a b", Heads: 2, DModel: 16, Seed: 1, NoScale: true, Temperature: 0.1, DK: 64}, Head: state.HeadMean, View: "scaling", Lang: i18n.LangEN, Text2: "b a"},
		{Input: state.Input{Text: "a b", Heads: 1, DModel: 4, Seed: 1, Temperature: 10, DK: 2}, Head: 0, View: "compare", Lang: i18n.LangZH, Text2: "注意力 <img src=x> &=#%"},
		{Input: state.Input{Text: "x", Heads: 1, DModel: 4, Temperature: state.TemperatureOfSlider(7), DK: 128}, View: "padding", Lang: i18n.LangEN},
	} {
		link := s.Encode()
		got, err := state.DecodeState(link, def)
		if err != nil || got != s {
			t.Errorf("DecodeState(%q) = %+v, %v; want %+v", link, got, err, s)
		}
	}
}

func TestScalingStateDecode(t *testing.T) {
	def := state.DefaultState(i18n.LangEN)
	ok := []struct {
		link string
		want func(*state.State)
	}{
		{"scale=0", func(s *state.State) { s.NoScale = true }},
		{"scale=1", func(s *state.State) {}},
		{"temp=2.5", func(s *state.State) { s.Temperature = 2.5 }},
		{"temp=1", func(s *state.State) { s.Temperature = 0 }},
		{"temp=1000", func(s *state.State) { s.Temperature = state.MaxUITemperature }},   // clamped
		{"temp=1e-300", func(s *state.State) { s.Temperature = state.MinUITemperature }}, // clamped
		{"temp=1e400", nil}, // ±Inf
		{"dk=auto", func(s *state.State) { s.DK = 0 }},
		{"dk=64", func(s *state.State) { s.DK = 64 }},
		{"dk=3", func(s *state.State) { s.DK = 4 }},      // nearest choice
		{"dk=1000", func(s *state.State) { s.DK = 128 }}, // nearest choice
		{"text2=hello%20world", func(s *state.State) { s.Text2 = "hello world" }},
		{"text2=", func(s *state.State) { s.Text2 = "" }},
	}
	for _, tt := range ok {
		got, err := state.DecodeState(tt.link, def)
		if tt.want == nil {
			if err == nil {
				t.Errorf("DecodeState(%q) = %+v, want an error", tt.link, got)
			}
			continue
		}
		want := def
		tt.want(&want)
		if err != nil || got != want {
			t.Errorf("DecodeState(%q) = %+v, %v; want %+v", tt.link, got, err, want)
		}
	}
	for _, link := range []string{
		"scale=2", "scale=", "scale=true",
		"temp=NaN", "temp=nan", "temp=Inf", "temp=-Inf", "temp=-1", "temp=0", "temp=", "temp=abc",
		"temp=1,5", "temp=" + strings.Repeat("1", 100), "temp=1&temp=2",
		"dk=0", "dk=-4", "dk=64.0", "dk=0x40", "dk=064", "dk=%2064", "dk=99999999999999999999", "dk=Auto",
		"text2=a%0Ab", "text2=a%0Db", "text2=%ff%fe", "text2=" + strings.Repeat("a", state.MaxTextBytes+1),
		"text2=a&text2=b",
	} {
		got, err := state.DecodeState(link, def)
		if err == nil {
			t.Errorf("DecodeState(%q) = %+v, want an error", link, got)
		} else if got != def {
			t.Errorf("DecodeState(%q) gave %+v with its error, want the default", link, got)
		}
	}
}

func TestScalingSpec(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	spec := s.Spec()
	if spec.Scale != nil || spec.Temperature != nil || spec.DK != 0 {
		t.Errorf("default spec: scale %v temperature %v d_k %d, want the engine's defaults", spec.Scale, spec.Temperature, spec.DK)
	}
	s.NoScale, s.Temperature, s.DK = true, 0.5, 64
	spec = s.Spec()
	if spec.Scale == nil || *spec.Scale || spec.Temperature == nil || *spec.Temperature != 0.5 || spec.DK != 64 {
		t.Errorf("spec %+v", spec)
	}
	if o := state.DefaultState(i18n.LangEN); o.SameInput(s) {
		t.Error("SameInput ignores scale, temperature and d_k")
	}
	b, _ := json.Marshal(s)
	var j map[string]any
	json.Unmarshal(b, &j)
	if j["scale"] != false || j["temperature"] != 0.5 || j["d_k"] != 64.0 || j["text2"] != s.Text2 {
		t.Errorf("state JSON %s", b)
	}
	b, _ = json.Marshal(state.DefaultState(i18n.LangEN))
	if !strings.Contains(string(b), `"temperature":1,`) || !strings.Contains(string(b), `"scale":true`) {
		t.Errorf("default state JSON %s", b)
	}
}

func TestTemperatureSlider(t *testing.T) {
	for pos := -state.TemperatureSteps; pos <= state.TemperatureSteps; pos++ {
		tt := state.TemperatureOfSlider(pos)
		if tt < state.MinUITemperature || tt > state.MaxUITemperature {
			t.Errorf("slider %d: temperature %v out of range", pos, tt)
		}
		if back := state.SliderOfTemperature(tt); back != pos {
			t.Errorf("slider %d → %v → %d", pos, tt, back)
		}
	}
	if state.TemperatureOfSlider(0) != 1 || state.TemperatureOfSlider(-state.TemperatureSteps) != 0.1 || state.TemperatureOfSlider(state.TemperatureSteps) != 10 {
		t.Error("slider ends and middle are not 0.1, 1, 10")
	}
	for _, tc := range []struct{ in, want float64 }{{0, 1}, {math.NaN(), 1}, {math.Inf(1), 1}, {0.01, 0.1}, {50, 10}, {3, 3}} {
		if got := state.ClampTemperature(tc.in); got != tc.want {
			t.Errorf("ClampTemperature(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// load loads c in a test engine and returns its HTML.
func load(t *testing.T, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatalf("Load: %v", err)
	}
	e.ConsumeAll()
	return app.HTMLString(c)
}

func noopSet(app.Context, app.Event, func(*state.State)) {}

// optionCells returns the cells [col, row, value] of series i of an option.
func optionCells(t *testing.T, option string, i int) [][]float64 {
	t.Helper()
	var o struct {
		Series []struct {
			Data [][]any `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		t.Fatalf("option: %v", err)
	}
	if i >= len(o.Series) {
		t.Fatalf("option has %d series, want series %d", len(o.Series), i)
	}
	var cells [][]float64
	for _, d := range o.Series[i].Data {
		cells = append(cells, []float64{d[0].(float64), d[1].(float64), d[2].(float64)})
	}
	return cells
}

func TestScalingView(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.View, s.NoScale, s.Temperature, s.DK, s.Head = "scaling", true, 0.5, 32, 1
	r, err := attention.Run(s.Spec())
	if err != nil {
		t.Fatal(err)
	}
	v := &ScalingView{Props: propsOf(t, s, compute.NeedSweep)}
	html := load(t, v)
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
	html := load(t, &ScalingControls{State: s, Set: noopSet})
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
	html := load(t, v)
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
	html = load(t, v)
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
	html := load(t, v)
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

// propsOf returns what the page hands a view of s that needs needs: the
// results of a compute.Computer, its sweep run whole, as the page does on
// the server.
func propsOf(t *testing.T, s state.State, needs compute.Need) Props {
	t.Helper()
	var c compute.Computer
	c.Update(s, needs)
	for n := 0; ; n++ {
		if _, ok := c.SweepPending(); !ok {
			break
		}
		if n > 100 {
			t.Fatal("the sweep does not end")
		}
		c.SweepStep()
	}
	return Props{State: s, Results: c.Update(s, needs), Set: noopSet}
}
