package app

import (
	"math"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention"
	"gonum.org/v1/gonum/mat"
)

func TestPool(t *testing.T) {
	m := mat.NewDense(5, 5, nil)
	for i := range 5 {
		for j := range 5 {
			m.Set(i, j, float64(10*i+j))
		}
	}
	if Pool(m, 5) != m || Pool(m, 8) != m {
		t.Error("Pool of a small matrix is not the matrix")
	}
	p := Pool(m, 2) // blocks [0,2) and [2,5)
	want := [][]float64{
		{(0 + 1 + 10 + 11) / 4.0, (2 + 3 + 4 + 12 + 13 + 14) / 6.0},
		{(20 + 21 + 30 + 31 + 40 + 41) / 6.0, (22 + 23 + 24 + 32 + 33 + 34 + 42 + 43 + 44) / 9.0},
	}
	for i := range 2 {
		for j := range 2 {
			if got := p.At(i, j); math.Abs(got-want[i][j]) > 1e-12 {
				t.Errorf("Pool[%d][%d] = %v, want %v", i, j, got, want[i][j])
			}
		}
	}
}

func TestWeightsHeatmap(t *testing.T) {
	var e attention.Engine
	s := DefaultState(LangEN)
	s.Heads, s.Causal = 4, true
	s.Text = strings.Repeat("the cat ", 30) // 60 tokens, "the" and "cat" repeated
	r, err := e.Run(s.Spec())
	if err != nil {
		t.Fatal(err)
	}
	for _, head := range []int{0, 3, HeadMean} {
		h := WeightsHeatmap(r, head, LangEN, false)
		want := r.WeightsMean
		if head != HeadMean {
			want = r.Heads[head].Weights
		}
		if h.Values != want || len(h.Rows) != 60 || h.Min != 0 || h.Max != 1 || h.CellLabels {
			t.Errorf("head %d: heatmap %+v", head, h)
		}
		// Other views draw WeightsHeatmap's Option: a heatmap series,
		// every cell of it, never an image (whose picture an Option
		// cannot carry).
		if o := parseOption(t, h); h.AsImage || o.Series[0].Name != headName(LangEN, head) || o.Series[0].Type != "heatmap" || len(o.cells(t)) != 60*60 {
			t.Errorf("head %d: AsImage %v, series %q of type %q with %d cells; want a heatmap series of every cell", head, h.AsImage, o.Series[0].Name, o.Series[0].Type, len(o.cells(t)))
		}
		thumb := WeightsHeatmap(r, head, LangEN, true)
		if rows, cols := thumb.Values.Dims(); rows != maxThumbCells || cols != maxThumbCells || len(thumb.Rows) != rows {
			t.Errorf("head %d: thumbnail %d×%d with %d labels", head, rows, cols, len(thumb.Rows))
		}
		if o := parseOption(t, thumb); o.Series[0].Type != "heatmap" || len(o.cells(t)) != maxThumbCells*maxThumbCells {
			t.Errorf("head %d: thumbnail option of a %q series with %d cells", head, o.Series[0].Type, len(o.cells(t)))
		}
	}

	// The main view draws a heatmap too large for numbers in its cells as
	// an image, and
	// every thumbnail as a picture for its HeatmapGrid.
	v := &AttentionView{Props: Props{State: s, Result: r, Rev: 1}}
	v.build(v.Props, 2)
	if img := v.main.Image; img == nil || img.Rows != 60 || img.Cols != 60 {
		t.Errorf("60 tokens: the main chart's image %+v, want 60×60", img)
	} else if got, _ := img.at(59, 0); got != r.Heads[2].Weights.At(59, 0) {
		t.Errorf("60 tokens: image value (59, 0) = %v, want head 3's %v", got, r.Heads[2].Weights.At(59, 0))
	}
	if len(v.thumbs) != 5 {
		t.Fatalf("%d thumbnails for 4 heads, want 5", len(v.thumbs))
	}
	for i, img := range v.thumbs {
		if img == nil || img.Rows != maxThumbCells || img.Cols != maxThumbCells {
			t.Errorf("thumbnail %d: image %+v, want %d×%d", i, img, maxThumbCells, maxThumbCells)
		}
	}

	// Up to maxLabelledCells tokens, a heatmap series: a cell per element,
	// each with its number (shown where it fits) and hover state; one token
	// more, an image.
	for _, n := range []int{maxLabelledCells, maxLabelledCells + 1} {
		s.Text = strings.TrimSpace(strings.Repeat("cat ", n))
		if r, err = e.Run(s.Spec()); err != nil {
			t.Fatal(err)
		}
		v = &AttentionView{Props: Props{State: s, Result: r, Rev: 2 + n}}
		v.build(v.Props, 0)
		if image := v.main.Image != nil; image != (n > maxLabelledCells) || v.main.Base == "" {
			t.Errorf("%d tokens: the main chart is an image: %v", n, image)
		}
		if gaps := v.main.Image != nil && v.main.Image.Gaps; gaps != (n > maxLabelledCells) {
			t.Errorf("%d tokens: white lines between the cells: %v", n, gaps)
		}
	}

	if h := WeightsHeatmap(r, 0, LangZH, false); h.RowName != "查询" || h.ColName != "键" || h.Name != "头 1" {
		t.Errorf("Chinese heatmap names %q %q %q", h.Name, h.RowName, h.ColName)
	}
}
