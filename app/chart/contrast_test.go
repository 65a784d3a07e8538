package chart

import (
	"math"
	"testing"
)

func TestContrast(t *testing.T) {
	black, white := [3]float64{}, [3]float64{255, 255, 255}
	if c := Contrast(black, white); math.Abs(c-21) > 1e-9 {
		t.Errorf("black on white: %v, want 21", c)
	}
	if c := Contrast(white, white); c != 1 {
		t.Errorf("white on white: %v, want 1", c)
	}
	// #767676 on white is the classic 4.54:1.
	if c := Contrast([3]float64{0x76, 0x76, 0x76}, white); math.Abs(c-4.54) > 0.01 {
		t.Errorf("#767676 on white: %v, want 4.54", c)
	}
}

// TestLabelStyleContrast checks that on every colour of the viridis scale
// (and of the difference scale), the label's text colour stands out by at
// least 4.5:1, and that the dark cells get light text and the bright ones
// dark.
func TestLabelStyleContrast(t *testing.T) {
	text := map[string][3]float64{"d": rgbOf(darkText), "l": rgbOf(lightText)}
	for _, scale := range [][]string{Viridis, {"#2166ac", "#f7f7f7", "#b2182b"}} {
		for k := 0; k <= 1000; k++ {
			v := float64(k) / 1000
			s := labelStyle(scale, 0, 1, v)
			if c := Contrast(colorAt(scale, v), text[s]); c < 4.5 {
				t.Errorf("value %v on %v: style %s gives %.2f:1", v, scale[0], s, c)
			}
		}
	}
	if s := labelStyle(Viridis, 0, 1, 0); s != "l" {
		t.Errorf("viridis' dark purple gets %q, want light text", s)
	}
	if s := labelStyle(Viridis, 0, 1, 1); s != "d" {
		t.Errorf("viridis' yellow gets %q, want dark text", s)
	}
}

func TestColorAt(t *testing.T) {
	scale := []string{"#000000", "#ff8000"}
	for _, tc := range []struct {
		t    float64
		want [3]float64
	}{{0, [3]float64{0, 0, 0}}, {1, [3]float64{255, 128, 0}}, {0.5, [3]float64{128, 64, 0}}, {-1, [3]float64{0, 0, 0}}, {2, [3]float64{255, 128, 0}}} {
		if got := colorAt(scale, tc.t); got != tc.want {
			t.Errorf("colorAt(%v) = %v, want %v", tc.t, got, tc.want)
		}
	}
}
