// Package forward holds the one multi-head attention forward that every
// runtime of the benchmark times: native Go and Go compiled to WebAssembly
// (Node and Chromium), both through ../runforward, and, by its shapes and
// options, NumPy and PyTorch in the script beside it (../forward_peers.py).
//
// The forward is the matrix mode of the reference contract: X (n × d_model),
// Wq, Wk, Wv (d_model × d_model, split into Heads heads of d_model/Heads
// columns), Wo (d_model × d_model), no mask, scores scaled by √d_k,
// temperature 1, float64. The values are uniform in [-1, 1) from a fixed
// seed: timings do not depend on them, and they need no engine function.
package forward

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// Size is one benchmark shape.
type Size struct {
	N      int // tokens
	DModel int // embedding width, also the width of Q, K, V and the output
	Heads  int
}

// Sizes are the shapes that the benchmark reports, smallest first.
var Sizes = []Size{
	{N: 8, DModel: 16, Heads: 2},
	{N: 32, DModel: 64, Heads: 4},
	{N: 128, DModel: 128, Heads: 8},
	{N: 512, DModel: 512, Heads: 8},
}

// Name is the sub-benchmark name of s, such as "n8_d16_h2".
func (s Size) Name() string {
	return fmt.Sprintf("n%d_d%d_h%d", s.N, s.DModel, s.Heads)
}

// Input returns the input of s. The same s and seed give the same input.
func (s Size) Input(seed uint64) *attention.Input {
	if s.N < 1 || s.DModel < 1 || s.Heads < 1 || s.DModel%s.Heads != 0 {
		panic(fmt.Sprintf("forward: bad size %+v", s))
	}
	rnd := rand.New(rand.NewPCG(seed, uint64(s.N)<<32|uint64(s.DModel)<<8|uint64(s.Heads)))
	dense := func(r, c int) *mat.Dense {
		data := make([]float64, r*c)
		for i := range data {
			data[i] = 2*rnd.Float64() - 1
		}
		return mat.NewDense(r, c, data)
	}
	tokens := make([]string, s.N)
	for i := range tokens {
		tokens[i] = fmt.Sprintf("t%d", i)
	}
	return &attention.Input{
		Tokens: tokens,
		X:      dense(s.N, s.DModel),
		Wq:     dense(s.DModel, s.DModel),
		Wk:     dense(s.DModel, s.DModel),
		Wv:     dense(s.DModel, s.DModel),
		Wo:     dense(s.DModel, s.DModel),
		Heads:  s.Heads,
		Options: attention.Options{
			Valid:       s.N, // mask no key
			Scale:       true,
			Temperature: 1,
		},
	}
}

// Check runs the forward of in into dst once and reports a panic of the
// engine, or a result of the wrong shape, as an error.
func Check(dst *attention.Result, in *attention.Input) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("attention.Forward panicked: %v", v)
		}
	}()
	attention.Forward(dst, in)
	n, d := in.X.Dims()
	if dst.Output == nil {
		return fmt.Errorf("attention.Forward left Output nil")
	}
	if r, c := dst.Output.Dims(); r != n || c != d {
		return fmt.Errorf("attention.Forward gave a %d×%d output, want %d×%d", r, c, n, d)
	}
	if len(dst.Heads) != in.Heads {
		return fmt.Errorf("attention.Forward gave %d heads, want %d", len(dst.Heads), in.Heads)
	}
	return nil
}

// Bench returns the benchmark of s: one forward into a reused Result per
// iteration, after one untimed forward that sizes the Result and a garbage
// collection. It reports allocations, so allocs/op is the cost of a
// repeated forward: the collection keeps the runtime's own (a cycle that
// the set-up's megabytes would start during the timed forwards allocates
// now and then) out of it.
func Bench(s Size) func(b *testing.B) {
	return func(b *testing.B) {
		in := s.Input(1)
		var dst attention.Result
		if err := Check(&dst, in); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		b.ReportAllocs()
		for b.Loop() {
			attention.Forward(&dst, in)
		}
	}
}
