package views

import (
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestColourMode checks that stretching keeps the true weights in the
// tooltip, says the mode on the colour bar, and leaves the result alone.
func TestColourMode(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Head = 0
	s.Stretch = true
	p := propsOf(t, s, 0)
	w := p.Result.Heads[0].Weights
	before := w.At(1, 2)
	h, tip := colourMode(WeightsHeatmap(p.Result, 0, s.Lang, false), s)
	if got, want := tip(1, 2, -7), strconv.FormatFloat(w.At(1, 2), 'f', 3, 64); !strings.Contains(got, "weight "+want) {
		t.Errorf("tooltip %q lacks the true weight %s", got, want)
	}
	if w.At(1, 2) != before {
		t.Error("stretching changed the result's weights")
	}
	o, err := h.Option()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(o, `"row max"`) || !strings.Contains(o, `"row min"`) {
		t.Error("the colour bar does not say row min and row max")
	}
	html := render(t, &AttentionView{Props: propsOf(t, s, 0)})
	if !strings.Contains(html, `id="stretch-caption"`) {
		t.Error("the attention view does not say its rows are stretched")
	}
	s.Stretch = false
	if html := render(t, &AttentionView{Props: propsOf(t, s, 0)}); strings.Contains(html, `id="stretch-caption"`) {
		t.Error("the attention view says its rows are stretched when they are not")
	}
}

// TestChartTables checks that every heatmap of the compare, padding and
// scaling views has its table toggle (HeatmapTable), and that an open one
// lists the true numbers under the chart's labels.
func TestChartTables(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text2 = "The dog sat on the rug because it was tired."
	for _, tc := range []struct {
		view  app.Composer
		count int
	}{
		{&CompareView{Props: propsOf(t, s, compute.NeedComparison)}, 6},
		{&PaddingView{Props: propsOf(t, withText2(s, "A cat."), compute.NeedBatch)}, 2},
		{&ScalingView{Props: propsOf(t, s, compute.NeedSweep|compute.NeedRowStats)}, 2}, // the heatmap's (HeatmapKeys) and the sweep's
	} {
		html := render(t, tc.view)
		if got := strings.Count(html, `class="weights-table"`); got != tc.count {
			t.Errorf("%T: %d table toggles, want %d", tc.view, got, tc.count)
		}
	}
	p := propsOf(t, s, 0)
	h := WeightsHeatmap(p.Result, 0, s.Lang, false)
	table := &HeatmapTable{Heatmap: h, Lang: s.Lang, open: true}
	html := render(t, table)
	want := strconv.FormatFloat(p.Result.Heads[0].Weights.At(2, 3), 'f', 3, 64)
	if !strings.Contains(html, "<td>"+want+"</td>") || !strings.Contains(html, `<th scope="row">cat</th>`) {
		t.Errorf("the open table lacks the weight %s or the row of cat", want)
	}
}

func withText2(s state.State, t2 string) state.State {
	s.Text2 = t2
	return s
}

// TestSweepTable checks the line charts' table: a row per d_k with the
// four curves' numbers.
func TestSweepTable(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	v := &ScalingView{Props: propsOf(t, s, compute.NeedSweep|compute.NeedRowStats)}
	render(t, v)
	sw := v.Props.Sweep
	if sw == nil || len(sw.Points) == 0 {
		t.Fatal("no sweep")
	}
	html := render(t, &HeatmapTable{Heatmap: v.sweepTable, Lang: s.Lang, open: true})
	p := sw.Points[0]
	for _, want := range []string{
		`<th scope="row">` + strconv.Itoa(p.DK) + `</th>`,
		"<td>" + strconv.FormatFloat(p.MaxRaw, 'f', 3, 64) + "</td>",
		"<td>" + strconv.FormatFloat(p.EntScaled, 'f', 3, 64) + "</td>",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the sweep's table lacks %s", want)
		}
	}
	if got := strings.Count(html, `<th scope="row">`); got != len(sw.Points) {
		t.Errorf("%d rows, want one per d_k, %d", got, len(sw.Points))
	}
}
