package attention_test

import (
	"testing"

	"github.com/attnviz/attnviz/attention"
)

// BenchmarkForward: multi-head attention, matrix mode with Wo, no mask,
// into a reused Result (natively, the large products of n = 128 and 512 are
// split among goroutines; that allocates nothing either).
func BenchmarkForward(b *testing.B) {
	for _, c := range []struct {
		name    string
		n, d, h int
	}{
		{"n8_d16_h2", 8, 16, 2},
		{"n32_d64_h4", 32, 64, 4},
		{"n128_d128_h8", 128, 128, 8},
		{"n512_d512_h8", 512, 512, 8},
	} {
		b.Run(c.name, func(b *testing.B) {
			in := randomInput(c.n, c.d, c.h, 1, true, attention.Options{Valid: c.n, Scale: true})
			var res attention.Result
			attention.Forward(&res, in) // allocate the buffers
			b.ReportAllocs()
			for b.Loop() {
				attention.Forward(&res, in)
			}
		})
	}
}

// BenchmarkBackward: the gradients of BenchmarkForward's problems, into
// reused Gradients (the Forward it needs is not timed).
func BenchmarkBackward(b *testing.B) {
	for _, c := range []struct {
		name    string
		n, d, h int
	}{
		{"n8_d16_h2", 8, 16, 2},
		{"n32_d64_h4", 32, 64, 4},
		{"n128_d128_h8", 128, 128, 8},
		{"n512_d512_h8", 512, 512, 8},
	} {
		b.Run(c.name, func(b *testing.B) {
			in := randomInput(c.n, c.d, c.h, 1, true, attention.Options{Valid: c.n, Scale: true})
			var res attention.Result
			attention.Forward(&res, in)
			gradOutput := randomDense(c.n, c.d, 2, "grad", 1)
			var g attention.Gradients
			attention.Backward(&g, &res, in, gradOutput) // allocate the buffers
			b.ReportAllocs()
			for b.Loop() {
				attention.Backward(&g, &res, in, gradOutput)
			}
		})
	}
}

// BenchmarkEngineRun: what the UI does on a keystroke, text mode.
func BenchmarkEngineRun(b *testing.B) {
	text := "the quick brown fox jumps over the lazy dog and the cat sat on the mat"
	spec := &attention.Spec{Text: &text, Heads: 4, DModel: 32, Seed: 1, Positional: true, Mask: "causal"}
	var e attention.Engine
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Run(spec); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCrossForward: cross-attention, n queries and m keys, matrix mode
// with Wo and the causal mask, into a reused Result: a sentence pair of the
// page's size, and the size of BenchmarkForward's n128 with a longer
// key/value side.
func BenchmarkCrossForward(b *testing.B) {
	for _, c := range []struct {
		name       string
		n, m, d, h int
	}{
		{"n12_m16_d16_h2", 12, 16, 16, 2},
		{"n128_m256_d128_h8", 128, 256, 128, 8},
	} {
		b.Run(c.name, func(b *testing.B) {
			in := randomInput(c.n, c.d, c.h, 1, true, attention.Options{Causal: true, Valid: c.m, Scale: true})
			in.XKV = randomDense(c.m, c.d, 2, "x_kv", 3)
			var res attention.Result
			attention.Forward(&res, in) // allocate the buffers
			b.ReportAllocs()
			for b.Loop() {
				attention.Forward(&res, in)
			}
		})
	}
}
