package views

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/attnviz/attnviz/attention"
)

func pipelineResult(t *testing.T, s state.State) *attention.Result {
	t.Helper()
	var e attention.Engine
	r, err := e.Run(s.Spec())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestPipelineViewRenders(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Causal, s.Head = true, 1
	r := pipelineResult(t, s)
	n := len(r.Tokens)
	html := render(t, &PipelineView{Props: propsOf(t, s, compute.NeedCell|compute.NeedSteps)})
	var steps, shapes []string
	for _, el := range elementsOf(html, "button") {
		if strings.HasPrefix(el.attrs["class"], "pipe-step") {
			steps = append(steps, el.attrs["data-step"])
		}
	}
	for _, el := range elementsOf(html, "span") {
		if el.attrs["class"] == "pipe-shape" {
			shapes = append(shapes, el.attrs["data-shape"])
		}
	}
	var want []string
	for _, st := range pipelineSteps {
		want = append(want, st.ID)
	}
	if !slices.Equal(steps, want) {
		t.Errorf("steps %v, want %v", steps, want)
	}
	wantShapes := []string{"16", "8", "8", "8", "11", "11", "11", "11", "8", "16", "16"}
	if len(shapes) != len(wantShapes) {
		t.Fatalf("%d shapes, want %d", len(shapes), len(wantShapes))
	}
	for k, m := range shapes {
		if want := strconv.Itoa(n) + "×" + wantShapes[k]; m != want {
			t.Errorf("step %s shape %s, want %s", pipelineSteps[k].ID, m, want)
		}
	}
	if strings.Contains(html, `id="step-view"`) {
		t.Error("#step-view open with no step")
	}
	if !strings.Contains(html, "Head 2, step by step") {
		t.Error("no title for head 2")
	}

	// A step opened: the dialog with its values; masked entries are −∞.
	s.Step = "masked"
	html = render(t, &PipelineView{Props: propsOf(t, s, compute.NeedCell|compute.NeedSteps)})
	if !strings.Contains(html, `id="step-view"`) || !strings.Contains(html, `id="step-close"`) {
		t.Fatal("no #step-view or #step-close with step=masked")
	}
	if got, want := strings.Count(html, `data-masked="1"`), n*(n-1)/2; got != want {
		t.Errorf("%d masked cells in the values, want %d", got, want)
	}
	if !strings.Contains(html, ">"+formatNum(r.Heads[1].Logits.At(2, 1), 3)+"<") {
		t.Error("the values lack Logits[2][1]")
	}

	// Chinese.
	s.Lang = i18n.LangZH
	html = render(t, &PipelineView{Props: propsOf(t, s, compute.NeedCell|compute.NeedSteps)})
	for _, w := range []string{"查询", "键", "值", "缩放", "掩码", "拼接各头", "输出投影"} {
		if !strings.Contains(html, w) {
			t.Errorf("Chinese pipeline lacks %q", w)
		}
	}
}

func TestStepOptionMasks(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Causal = true
	r := pipelineResult(t, s)
	for _, id := range []string{"masked", "weights", "scores"} {
		st := stepByID(id)
		m := st.Matrix(r, 0, nil)
		o := chart.StepOption(StepHeatmap(r, st, 0, m, i18n.LangEN, false))
		n := len(r.Tokens)
		got := strings.Count(o, `"-"`)
		want := 0
		if st.Masked {
			want = n * (n - 1) / 2
		}
		if got != want {
			t.Errorf("step %s: %d masked cells in the option, want %d", id, got, want)
		}
		if st.Masked && !strings.Contains(o, chart.MaskedColor) {
			t.Errorf("step %s: no masked colour", id)
		}
	}
	hm := StepHeatmap(r, stepByID("q"), 0, r.Heads[0].Q, i18n.LangEN, false)
	if hm.Min != -hm.Max || hm.Max <= 0 || hm.Colors == nil {
		t.Errorf("Q's scale [%v, %v] is not symmetric and diverging", hm.Min, hm.Max)
	}
	if hm := StepHeatmap(r, stepByID("weights"), 0, r.Heads[0].Weights, i18n.LangEN, false); hm.Min != 0 || hm.Max != 1 {
		t.Errorf("weights' scale [%v, %v], want [0, 1]", hm.Min, hm.Max)
	}
}

func TestCellPanelRenders(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Causal, s.Head = true, 0
	r := pipelineResult(t, s)
	html := render(t, &CellPanel{Props: propsOf(t, s, compute.NeedCell|compute.NeedSteps)})
	if strings.Contains(html, "cell-steps") {
		t.Error("the cell panel explains a cell with none selected")
	}
	for _, c := range []state.CellRef{{I: 4, J: 2, On: true}, {I: 2, J: 4, On: true}} {
		s.Cell = c
		html = render(t, &CellPanel{Props: propsOf(t, s, compute.NeedCell|compute.NeedSteps)})
		e := attention.ExplainCell(r, 0, c.I, c.J)
		nums := map[string]string{}
		for _, el := range elementsOf(html, "span") {
			if name, ok := el.attrs["data-name"]; ok {
				nums[name+"/"+el.attrs["data-idx"]] = el.text
			}
		}
		check := func(key string, v float64) {
			t.Helper()
			if got, want := nums[key], formatNum(v, cellDigits); got != want {
				t.Errorf("cell %v: %s printed %q, want %q", c, key, got, want)
			}
		}
		check("score/", e.Score)
		check("weight/", e.Weight)
		check("q/0", e.Q[0])
		check("k/3", e.K[3])
		check("expsum/", e.ExpSum)
		check("output/1", e.Output[1])
		if e.Masked != strings.Contains(html, "causal mask") {
			t.Errorf("cell %v: masked %v, the panel says otherwise", c, e.Masked)
		}
	}
}

func TestFormatNum(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{1.23456, "1.235"}, {-0.5, "−0.500"}, {-0.0001, "0.000"}, {0, "0.000"}} {
		if got := formatNum(c.v, 3); got != c.want {
			t.Errorf("formatNum(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

type htmlElem struct {
	attrs map[string]string
	text  string // the text up to the first child
}

// elementsOf returns the elements of tag in html, with their attributes in
// any order.
func elementsOf(html, tag string) []htmlElem {
	var out []htmlElem
	attr := regexp.MustCompile(`([a-z-]+)="([^"]*)"`)
	for _, m := range regexp.MustCompile(`<`+tag+`((?:\s[^>]*)?)>([^<]*)`).FindAllStringSubmatch(html, -1) {
		el := htmlElem{attrs: map[string]string{}, text: m[2]}
		for _, a := range attr.FindAllStringSubmatch(m[1], -1) {
			el.attrs[a[1]] = a[2]
		}
		out = append(out, el)
	}
	return out
}

// TestPipelineShapeOfNonSquareWo: a Wo of another width than d_model is
// "n×d_out", on the step's button and in its opened dialog alike.
func TestPipelineShapeOfNonSquareWo(t *testing.T) {
	spec := *state.MatricesExample
	spec.Wo = [][]float64{{1, 0}, {0, 1}, {1, 1}} // h·d_v = 3 × d_out = 2, d_model = 4
	s := state.DefaultState(i18n.LangEN)
	s.View, s.Matrices = state.MatricesViewID, state.CanonicalMatrices(&spec)
	s.Step = "wo"
	html := render(t, &PipelineView{Props: propsOf(t, s, compute.NeedCell|compute.NeedSteps)})
	var button, dialog string
	for _, el := range elementsOf(html, "span") {
		switch {
		case el.attrs["class"] == "pipe-shape" && el.attrs["data-shape"] == "3×2":
			button = el.text
		case el.attrs["id"] == "step-shape":
			dialog = el.text
		}
	}
	if want := "n×d_out = 3×2"; button != want {
		t.Errorf("the wo step's shape %q, want %q", button, want)
	}
	if want := " n×d_out = 3×2"; dialog != want {
		t.Errorf("the opened wo step's shape %q, want %q", dialog, want)
	}
}
