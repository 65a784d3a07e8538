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
		// 60 tokens: more than a series draws well, so an image.
		o := parseOption(t, h)
		if o.Series[0].Name != headName(LangEN, head) || o.Series[0].Type != "custom" || !h.AsImage {
			t.Errorf("head %d: series %q of type %q, AsImage %v; want the image", head, o.Series[0].Name, o.Series[0].Type, h.AsImage)
		}
		p := parts(h)
		if img := p.Image; img == nil || img.Rows != 60 || img.Cols != 60 {
			t.Errorf("head %d: parts image %+v, want 60×60", head, img)
		} else if v, _ := img.at(59, 0); v != want.At(59, 0) {
			t.Errorf("head %d: image value (59, 0) = %v, want %v", head, v, want.At(59, 0))
		}
		thumb := WeightsHeatmap(r, head, LangEN, true)
		if !thumb.AsImage {
			t.Errorf("head %d: a thumbnail not drawn as an image", head)
		}
		if rows, cols := thumb.Values.Dims(); rows != maxThumbCells || cols != maxThumbCells || len(thumb.Rows) != rows {
			t.Errorf("head %d: thumbnail %d×%d with %d labels", head, rows, cols, len(thumb.Rows))
		}
		if _, err := thumb.Option(); err != nil {
			t.Errorf("head %d: thumbnail: %v", head, err)
		}
	}
	// Up to maxSeriesCells tokens, a heatmap series: a cell per element,
	// each with its hover state and, where they fit, its number.
	s.Text = strings.Repeat("the cat ", maxSeriesCells/2)
	if r, err = e.Run(s.Spec()); err != nil {
		t.Fatal(err)
	}
	h := WeightsHeatmap(r, 0, LangEN, false)
	if o := parseOption(t, h); h.AsImage || o.Series[0].Type != "heatmap" || len(o.cells(t)) != maxSeriesCells*maxSeriesCells {
		t.Errorf("%d tokens: AsImage %v, a %q series of %d cells; want a heatmap series of every cell", maxSeriesCells, h.AsImage, o.Series[0].Type, len(o.cells(t)))
	}
	if parts(h).Image != nil {
		t.Errorf("%d tokens: the parts have an image", maxSeriesCells)
	}

	if h := WeightsHeatmap(r, 0, LangZH, false); h.RowName != "查询" || h.ColName != "键" || h.Name != "头 1" {
		t.Errorf("Chinese heatmap names %q %q %q", h.Name, h.RowName, h.ColName)
	}
}
