package attention

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestEntropy(t *testing.T) {
	third := 1.0 / 3
	tests := []struct {
		name string
		row  []float64
		want float64
	}{
		{"empty", nil, 0},
		{"one-hot", []float64{0, 1, 0, 0}, 0},
		{"single", []float64{1}, 0},
		{"uniform 2", []float64{0.5, 0.5}, math.Ln2},
		{"uniform 4", []float64{0.25, 0.25, 0.25, 0.25}, math.Log(4)},
		{"uniform 3, masked zeros ignored", []float64{third, third, third, 0, 0}, math.Log(3)},
		{"all zero (fully masked)", []float64{0, 0, 0}, 0},
		{"skewed", []float64{0.9, 0.1}, -(0.9*math.Log(0.9) + 0.1*math.Log(0.1))},
		{"NaN", []float64{0.5, math.NaN()}, math.NaN()},
		{"negative", []float64{1.5, -0.5}, math.NaN()},
	}
	for _, tt := range tests {
		got := Entropy(tt.row)
		if math.IsNaN(tt.want) {
			if !math.IsNaN(got) {
				t.Errorf("%s: Entropy(%v) = %v, want NaN", tt.name, tt.row, got)
			}
			continue
		}
		if math.Abs(got-tt.want) > 1e-15 || math.Signbit(got) {
			t.Errorf("%s: Entropy(%v) = %v, want %v", tt.name, tt.row, got, tt.want)
		}
	}
	for _, n := range []int{1, 7, 10, 128} {
		row := make([]float64, n)
		for i := range row {
			row[i] = 1 / float64(n)
		}
		if got, want := Entropy(row), math.Log(float64(n)); math.Abs(got-want) > 1e-13 {
			t.Errorf("Entropy(uniform %d) = %v, want ln %d = %v", n, got, n, want)
		}
	}
}

func TestMaxWeight(t *testing.T) {
	tests := []struct {
		row  []float64
		want float64
	}{
		{nil, 0},
		{[]float64{0, 0}, 0},
		{[]float64{0.2, 0.7, 0.1}, 0.7},
		{[]float64{1}, 1},
	}
	for _, tt := range tests {
		if got := MaxWeight(tt.row); got != tt.want {
			t.Errorf("MaxWeight(%v) = %v, want %v", tt.row, got, tt.want)
		}
	}
	if got := MaxWeight([]float64{0.5, math.NaN()}); !math.IsNaN(got) {
		t.Errorf("MaxWeight with NaN = %v, want NaN", got)
	}
}

func TestMeanRowStats(t *testing.T) {
	w := mat.NewDense(3, 2, []float64{
		1, 0, // entropy 0, max 1
		0.5, 0.5, // entropy ln 2, max 0.5
		0, 0, // fully masked: left out
	})
	mx, h := MeanRowStats(w)
	if math.Abs(mx-0.75) > 1e-15 || math.Abs(h-math.Ln2/2) > 1e-15 {
		t.Errorf("MeanRowStats = %v, %v, want 0.75, ln2/2", mx, h)
	}
	if mx, h := MeanRowStats(mat.NewDense(2, 2, nil)); mx != 0 || h != 0 {
		t.Errorf("MeanRowStats(zeros) = %v, %v, want 0, 0", mx, h)
	}
}

// TestEntropyOfEngineWeights checks Entropy on rows the engine computes:
// every row of softmax weights has entropy in [0, ln(visible keys)], and the
// first row under the causal mask (one key) has 0.
func TestEntropyOfEngineWeights(t *testing.T) {
	text := "the cat sat on the mat"
	r, err := Run(&Spec{Text: &text, Heads: 2, Seed: 3, Mask: "causal"})
	if err != nil {
		t.Fatal(err)
	}
	for h, head := range r.Heads {
		n, _ := head.Weights.Dims()
		for i := range n {
			e := Entropy(head.Weights.RawRowView(i))
			if e < 0 || e > math.Log(float64(i+1))+1e-12 {
				t.Errorf("head %d row %d: entropy %v outside [0, ln %d]", h, i, e, i+1)
			}
		}
		if e := Entropy(head.Weights.RawRowView(0)); e != 0 {
			t.Errorf("head %d: row 0 under the causal mask has entropy %v, want 0", h, e)
		}
	}
}

func TestUnitVariance(t *testing.T) {
	const r, c = 64, 256
	u := mat.NewDense(r, c, nil)
	x := mat.NewDense(r, c, nil)
	UnitVariance(u, 5, "wq")
	Xavier(x, 5, "wq")
	// The same draws, scaled: u = x · √((r+c)/2) / √r.
	k := math.Sqrt(float64(r+c)/2) / math.Sqrt(r)
	for i := range r {
		for j := range c {
			if got, want := u.At(i, j), x.At(i, j)*k; math.Abs(got-want) > 1e-12*math.Abs(want)+1e-15 {
				t.Fatalf("UnitVariance[%d][%d] = %v, Xavier·k = %v", i, j, got, want)
			}
		}
	}
	// Column variance · fan_in ≈ 1.
	var sum2 float64
	for _, v := range u.RawMatrix().Data {
		sum2 += v * v
	}
	if v := sum2 / (r * c) * r; math.Abs(v-1) > 0.05 {
		t.Errorf("variance·fan_in = %v, want about 1", v)
	}
	defer func() {
		if recover() == nil {
			t.Error("UnitVariance of an empty matrix did not panic")
		}
	}()
	UnitVariance(&mat.Dense{}, 1, "wq")
}

func TestRows(t *testing.T) {
	m := mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})
	got := Rows(m)
	if len(got) != 2 || len(got[1]) != 3 || got[1][2] != 6 || got[0][1] != 2 {
		t.Errorf("Rows = %v", got)
	}
}
