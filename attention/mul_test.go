package attention

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestMulMatchesMatMul: mul, serial or handed to mat.Mul, gives bit for bit
// what mat.Mul gives, also into and from views, including products large
// enough for gonum to split them among goroutines.
func TestMulMatchesMatMul(t *testing.T) {
	for _, sh := range [][3]int{{1, 1, 1}, {3, 5, 2}, {8, 16, 16}, {128, 64, 128}, {129, 70, 200}, {300, 33, 260}} {
		r, k, c := sh[0], sh[1], sh[2]
		a := mat.NewDense(r, k+3, nil)
		Xavier(a, 1, "a")
		a.Set(0, 0, 0) // a zero entry: skipped by both
		b := mat.NewDense(k, c, nil)
		Xavier(b, 2, "b")
		av := a.Slice(0, r, 2, 2+k).(*mat.Dense)
		var want mat.Dense
		want.Mul(av, b)
		for _, par := range []bool{false, true} {
			parallel = par
			big := mat.NewDense(r, c+4, nil)
			got := big.Slice(0, r, 1, 1+c).(*mat.Dense)
			got.Set(0, 0, math.NaN()) // mul must overwrite, not accumulate
			mul(got, av, b)
			for i := 0; i < r; i++ {
				for j := 0; j < c; j++ {
					if math.Float64bits(got.At(i, j)) != math.Float64bits(want.At(i, j)) {
						t.Fatalf("%v parallel=%v: [%d][%d] %v, mat.Mul %v", sh, par, i, j, got.At(i, j), want.At(i, j))
					}
				}
			}
		}
	}
	parallel = true
}

// TestProgrammerErrorsPanic: shape mistakes in Go calls panic, as in gonum.
func TestProgrammerErrorsPanic(t *testing.T) {
	m := func(r, c int) *mat.Dense { return mat.NewDense(r, c, nil) }
	good := func() *Input {
		return &Input{X: m(3, 4), Wq: m(4, 4), Wk: m(4, 4), Wv: m(4, 4), Heads: 2, Options: Options{Valid: 3}}
	}
	for name, f := range map[string]func(){
		"sdp k width":      func() { ScaledDotProduct(&Head{}, m(3, 2), m(3, 3), m(3, 2), Options{Valid: 3}) },
		"sdp v rows":       func() { ScaledDotProduct(&Head{}, m(3, 2), m(3, 2), m(4, 2), Options{Valid: 3}) },
		"sdp valid":        func() { ScaledDotProduct(&Head{}, m(3, 2), m(3, 2), m(3, 2), Options{Valid: -1}) },
		"sdp temperature":  func() { ScaledDotProduct(&Head{}, m(3, 2), m(3, 2), m(3, 2), Options{Valid: 3, Temperature: -1}) },
		"forward heads":    func() { in := good(); in.Heads = 3; Forward(&Result{}, in) },
		"forward zero":     func() { in := good(); in.Heads = 0; Forward(&Result{}, in) },
		"forward wq rows":  func() { in := good(); in.Wq = m(5, 4); Forward(&Result{}, in) },
		"forward wo rows":  func() { in := good(); in.Wo = m(3, 4); Forward(&Result{}, in) },
		"forward no x":     func() { in := good(); in.X = nil; Forward(&Result{}, in) },
		"forward tokens":   func() { in := good(); in.Tokens = []string{"a"}; Forward(&Result{}, in) },
		"softmax lengths":  func() { Softmax(make([]float64, 1), make([]float64, 2)) },
		"xavier empty dst": func() { Xavier(&mat.Dense{}, 0, "wq") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
	Forward(&Result{}, good()) // and the good one does not panic
}
