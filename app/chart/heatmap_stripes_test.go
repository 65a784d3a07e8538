package chart

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestImageStripes checks the masked cells of a picture with DecalMasked:
// they keep their value's colour, and their runs, row by row, are striped;
// without DecalMasked they are grey and unstriped.
func TestImageStripes(t *testing.T) {
	m := mat.NewDense(3, 4, []float64{
		0.1, 0.2, 0.3, 0.4,
		0.5, 0.6, 0.7, 0.8,
		0.9, 1.0, 0.0, 0.5,
	})
	masked := func(i, j int) bool { return j > i+1 || (i == 2 && j == 0) }
	h := Heatmap{Values: m, Rows: make([]string, 3), Cols: make([]string, 4), Min: 0, Max: 1,
		MaskedCell: masked, DecalMasked: true}
	img, err := h.image()
	if err != nil {
		t.Fatal(err)
	}
	want := [][3]int{{0, 2, 4}, {1, 3, 4}, {2, 0, 1}}
	if !slices.Equal(img.Stripes, want) {
		t.Errorf("stripes %v, want %v", img.Stripes, want)
	}
	scale, _ := newColorScale(0, 1, Viridis)
	for i := range 3 {
		for j := range 4 {
			var c [4]byte
			scale.put(c[:], m.At(i, j))
			if k := 4 * (i*4 + j); [4]byte(img.RGBA[k:k+4]) != c {
				t.Errorf("cell (%d, %d) = %v, want its value's colour %v", i, j, img.RGBA[k:k+4], c)
			}
		}
	}
	h.DecalMasked = false
	grey, err := h.image()
	if err != nil {
		t.Fatal(err)
	}
	if grey.Stripes != nil || grey.same(img) {
		t.Errorf("without DecalMasked: stripes %v, or the same picture as with it", grey.Stripes)
	}
	other := *img
	other.Stripes = [][3]int{{0, 2, 4}}
	if img.same(&other) {
		t.Error("pictures of other stripes are the same")
	}
}
