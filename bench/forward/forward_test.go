package forward

import "testing"

// BenchmarkForward runs Bench at every size (`go run ./cmd/bench` runs the
// same function through bench/runforward):
//
//	go test -run='^$' -bench=BenchmarkForward -benchmem ./bench/forward/
func BenchmarkForward(b *testing.B) {
	for _, s := range Sizes {
		b.Run(s.Name(), Bench(s))
	}
}

func TestInput(t *testing.T) {
	for _, s := range Sizes {
		in := s.Input(1)
		if r, c := in.X.Dims(); r != s.N || c != s.DModel {
			t.Errorf("%s: X is %d×%d", s.Name(), r, c)
		}
		for name, w := range map[string]interface{ Dims() (int, int) }{"wq": in.Wq, "wk": in.Wk, "wv": in.Wv, "wo": in.Wo} {
			if r, c := w.Dims(); r != s.DModel || c != s.DModel {
				t.Errorf("%s: %s is %d×%d", s.Name(), name, r, c)
			}
		}
		if in.Heads != s.Heads || len(in.Tokens) != s.N || in.Options.Valid != s.N || !in.Options.Scale {
			t.Errorf("%s: input %+v", s.Name(), in.Options)
		}
		again := s.Input(1)
		if again.X.At(s.N-1, s.DModel-1) != in.X.At(s.N-1, s.DModel-1) {
			t.Errorf("%s: Input is not deterministic", s.Name())
		}
	}
}

func TestName(t *testing.T) {
	if got := (Size{N: 8, DModel: 16, Heads: 2}).Name(); got != "n8_d16_h2" {
		t.Errorf("Name = %q", got)
	}
}
