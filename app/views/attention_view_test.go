package views

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/attnviz/attnviz/attention"
)

func TestWeightsHeatmap(t *testing.T) {
	var e attention.Engine
	s := state.DefaultState(i18n.LangEN)
	s.Heads, s.Causal = 4, true
	s.Text = strings.Repeat("the cat ", 30) // 60 tokens, "the" and "cat" repeated
	r, err := e.Run(s.Spec())
	if err != nil {
		t.Fatal(err)
	}
	for _, head := range []int{0, 3, state.HeadMean} {
		h := WeightsHeatmap(r, head, i18n.LangEN, false)
		want := r.WeightsMean
		if head != state.HeadMean {
			want = r.Heads[head].Weights
		}
		if h.Values != want || len(h.Rows) != 60 || h.Min != 0 || h.Max != 1 || h.CellLabels {
			t.Errorf("head %d: heatmap %+v", head, h)
		}
		// Other views draw WeightsHeatmap's Option: a heatmap series,
		// every cell of it, never an image (whose picture an Option
		// cannot carry).
		if name, typ, cells := firstSeries(t, h); h.AsImage || name != headName(i18n.LangEN, head) || typ != "heatmap" || cells != 60*60 {
			t.Errorf("head %d: AsImage %v, series %q of type %q with %d cells; want a heatmap series of every cell", head, h.AsImage, name, typ, cells)
		}
		thumb := WeightsHeatmap(r, head, i18n.LangEN, true)
		if rows, cols := thumb.Values.Dims(); rows != chart.MaxThumbCells || cols != chart.MaxThumbCells || len(thumb.Rows) != rows {
			t.Errorf("head %d: thumbnail %d×%d with %d labels", head, rows, cols, len(thumb.Rows))
		}
		if _, typ, cells := firstSeries(t, thumb); typ != "heatmap" || cells != chart.MaxThumbCells*chart.MaxThumbCells {
			t.Errorf("head %d: thumbnail option of a %q series with %d cells", head, typ, cells)
		}
	}

	// The main view draws a heatmap too large for numbers in its cells as
	// an image, and
	// every thumbnail as a picture for its chart.HeatmapGrid.
	s.Head = 2
	v := &AttentionView{Props: propsOf(t, s, compute.NeedCell)}
	v.build(v.Props)
	if img := v.main.Image; img == nil || img.Rows != 60 || img.Cols != 60 {
		t.Errorf("60 tokens: the main chart's image %+v, want 60×60", img)
	} else if got, _ := img.At(59, 0); got != r.Heads[2].Weights.At(59, 0) {
		t.Errorf("60 tokens: image value (59, 0) = %v, want head 3's %v", got, r.Heads[2].Weights.At(59, 0))
	}
	if len(v.thumbs) != 5 {
		t.Fatalf("%d thumbnails for 4 heads, want 5", len(v.thumbs))
	}
	for i, img := range v.thumbs {
		if img == nil || img.Rows != chart.MaxThumbCells || img.Cols != chart.MaxThumbCells {
			t.Errorf("thumbnail %d: image %+v, want %d×%d", i, img, chart.MaxThumbCells, chart.MaxThumbCells)
		}
	}

	// Up to chart.MaxLabelledCells tokens, a heatmap series: a cell per element,
	// each with its number (shown where it fits) and hover state; one token
	// more, an image.
	for _, n := range []int{chart.MaxLabelledCells, chart.MaxLabelledCells + 1} {
		s.Text = strings.TrimSpace(strings.Repeat("cat ", n))
		if r, err = e.Run(s.Spec()); err != nil {
			t.Fatal(err)
		}
		s.Head = 0
		v = &AttentionView{Props: propsOf(t, s, compute.NeedCell)}
		v.build(v.Props)
		if image := v.main.Image != nil; image != (n > chart.MaxLabelledCells) || v.main.Base == "" {
			t.Errorf("%d tokens: the main chart is an image: %v", n, image)
		}
		if gaps := v.main.Image != nil && v.main.Image.Gaps; gaps != (n > chart.MaxLabelledCells) {
			t.Errorf("%d tokens: white lines between the cells: %v", n, gaps)
		}
	}

	if h := WeightsHeatmap(r, 0, i18n.LangZH, false); h.RowName != "查询" || h.ColName != "键" || h.Name != "头 1" {
		t.Errorf("Chinese heatmap names %q %q %q", h.Name, h.RowName, h.ColName)
	}
}

// firstSeries returns the name and type of the first series of h's option,
// and how many data items it has.
func firstSeries(t *testing.T, h chart.Heatmap) (name, typ string, cells int) {
	t.Helper()
	js, err := h.Option()
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Series []struct {
			Name, Type string
			Data       []json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(js), &o); err != nil || len(o.Series) == 0 {
		t.Fatalf("option %.200s: %v", js, err)
	}
	return o.Series[0].Name, o.Series[0].Type, len(o.Series[0].Data)
}
