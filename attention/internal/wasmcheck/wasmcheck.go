// Package wasmcheck prints, as float64 bits, numbers that packages attention
// and attention/model must compute identically on every GOARCH: generated
// weights, full results in text and matrix mode, self- and cross-attention,
// their gradients (Backward), and short training runs. The attention tests
// compare what Dump
// prints natively with what cmd/wasmcheck prints compiled to
// GOOS=js GOARCH=wasm and run by Node.js.
package wasmcheck

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// Dump writes one line per matrix: its name, shape and either every element
// as the hexadecimal bits of its float64 or, for large matrices, the SHA-256
// of those bits.
func Dump(w io.Writer) error {
	d := dumper{w: w}
	for _, seed := range []int64{0, 1, 42, -7, 1 << 62} {
		for _, sh := range []struct {
			stream string
			r, c   int
		}{{"wq", 16, 16}, {"wk", 16, 16}, {"wo", 5, 7}, {"wv", 64, 512}} {
			m := mat.NewDense(sh.r, sh.c, nil)
			attention.Xavier(m, seed, sh.stream)
			d.matrix(fmt.Sprintf("xavier seed=%d %s", seed, sh.stream), m)
		}
	}
	texts := []string{
		"the cat sat on the mat",
		"Attention is all you need, isn't it? Yes: 42 times — café 猫 🐱!",
	}
	for _, text := range texts {
		for i, spec := range []attention.Spec{
			{Heads: 2, Seed: 1, Mask: "causal", Positional: true},
			{Heads: 4, DModel: 32, Seed: -3, Valid: ptr(3)},
			{Heads: 3, DModel: 12, DK: 5, Seed: 99, Scale: ptr(false), Temperature: ptr(0.5), Positional: true},
			{Heads: 1, DModel: 64, Seed: 7, Mask: "causal", Temperature: ptr(3.0)},
		} {
			spec.Text = &text
			in, err := spec.Resolve()
			if err != nil {
				return fmt.Errorf("text %q spec %d: %v", text, i, err)
			}
			var res attention.Result
			attention.Forward(&res, in)
			name := fmt.Sprintf("text %q spec %d", text, i)
			d.result(name, &res)
			d.gradients(name, &res, in, int64(i))
		}
	}
	// Matrix mode above the size at which products go parallel natively.
	const n, dModel, heads = 200, 32, 4
	x := mat.NewDense(n, dModel, nil)
	attention.Xavier(x, 5, "x")
	x.Scale(4, x)
	in := &attention.Input{X: x, Heads: heads, Options: attention.Options{Causal: true, Valid: 190, Scale: true, Temperature: 0.8}}
	for _, w := range []struct {
		dst    **mat.Dense
		stream string
	}{{&in.Wq, "wq"}, {&in.Wk, "wk"}, {&in.Wv, "wv"}, {&in.Wo, "wo"}} {
		*w.dst = mat.NewDense(dModel, dModel, nil)
		attention.Xavier(*w.dst, 5, w.stream)
	}
	var res attention.Result
	attention.Forward(&res, in)
	d.result("matrix n=200", &res)
	d.gradients("matrix n=200", &res, in, 5)
	in.Wo, in.Options = nil, attention.Options{Causal: true, Valid: 150, Temperature: 2}
	attention.Forward(&res, in)
	d.gradients("matrix n=200 no wo valid=150 unscaled", &res, in, 6)

	// Products large enough to be split among goroutines and into column
	// panels natively, with zeros in X (which Dgemm's order skips).
	const n2, dModel2, heads2 = 160, 256, 2
	x2 := mat.NewDense(n2, dModel2, nil)
	attention.Xavier(x2, 6, "x")
	for i := 0; i < n2; i += 7 {
		x2.Set(i, (i*13)%dModel2, 0)
	}
	in2 := &attention.Input{X: x2, Heads: heads2, Options: attention.Options{Valid: n2, Scale: true}}
	for _, w := range []struct {
		dst    **mat.Dense
		stream string
	}{{&in2.Wq, "wq"}, {&in2.Wk, "wk"}, {&in2.Wv, "wv"}, {&in2.Wo, "wo"}} {
		*w.dst = mat.NewDense(dModel2, dModel2, nil)
		attention.Xavier(*w.dst, 6, w.stream)
	}
	var res2 attention.Result
	attention.Forward(&res2, in2)
	d.result("matrix n=160 d=256", &res2)
	d.gradients("matrix n=160 d=256", &res2, in2, 7)
	if err := d.cross(); err != nil {
		return err
	}
	d.training()
	return d.err
}

// cross dumps cross-attention: two sentences in text mode, and matrices
// whose key/value side (m = 220 rows) is large enough to go parallel
// natively, with zeros in XKV.
func (d *dumper) cross() error {
	decoder, encoder := "le chat est assis sur le tapis", "the cat sat on the mat, didn't it?"
	spec := attention.Spec{Text: &decoder, TextKV: &encoder, Heads: 2, Seed: 4, Mask: "causal", Positional: true, Valid: ptr(8)}
	in, err := spec.Resolve()
	if err != nil {
		return fmt.Errorf("cross text spec: %v", err)
	}
	var res attention.Result
	attention.Forward(&res, in)
	d.matrix("cross text x_kv", res.XKV)
	d.result("cross text", &res)
	d.gradients("cross text", &res, in, 8)

	const n, m, dModel, heads = 150, 220, 256, 4
	in = &attention.Input{X: mat.NewDense(n, dModel, nil), XKV: mat.NewDense(m, dModel, nil), Heads: heads,
		Options: attention.Options{Valid: 200, Scale: true, Temperature: 1.5}}
	attention.Xavier(in.X, 9, "x")
	attention.Xavier(in.XKV, 9, "x_kv")
	for i := 0; i < m; i += 5 {
		in.XKV.Set(i, (i*11)%dModel, 0)
	}
	for _, w := range []struct {
		dst    **mat.Dense
		stream string
	}{{&in.Wq, "wq"}, {&in.Wk, "wk"}, {&in.Wv, "wv"}, {&in.Wo, "wo"}} {
		*w.dst = mat.NewDense(dModel, dModel, nil)
		attention.Xavier(*w.dst, 9, w.stream)
	}
	attention.Forward(&res, in)
	d.result("cross matrix n=150 m=220", &res)
	d.gradients("cross matrix n=150 m=220", &res, in, 10)
	return nil
}

func ptr[T any](v T) *T { return &v }

type dumper struct {
	w   io.Writer
	err error
}

func (d *dumper) result(name string, r *attention.Result) {
	d.matrix(name+" x", r.X)
	for h, head := range r.Heads {
		for _, m := range []struct {
			name string
			m    *mat.Dense
		}{{"q", head.Q}, {"k", head.K}, {"v", head.V}, {"scores", head.Scores}, {"weights", head.Weights}, {"output", head.Output}} {
			d.matrix(fmt.Sprintf("%s head %d %s", name, h, m.name), m.m)
		}
	}
	d.matrix(name+" weights_mean", r.WeightsMean)
	d.matrix(name+" concat", r.Concat)
	d.matrix(name+" output", r.Output)
}

// gradients dumps Backward of r with a gradOutput of Xavier values, a
// fifth of them 0 (which the products' order skips).
func (d *dumper) gradients(name string, r *attention.Result, in *attention.Input, seed int64) {
	n, c := r.Output.Dims()
	gradOutput := mat.NewDense(n, c, nil)
	attention.Xavier(gradOutput, seed, "grad_output")
	raw := gradOutput.RawMatrix().Data
	for i := 0; i < len(raw); i += 5 {
		raw[i] = 0
	}
	var g attention.Gradients
	attention.Backward(&g, r, in, gradOutput)
	for _, m := range []struct {
		name string
		m    *mat.Dense
	}{{"x", g.X}, {"x_kv", g.XKV}, {"wq", g.Wq}, {"wk", g.Wk}, {"wv", g.Wv}, {"wo", g.Wo}} {
		if m.m != nil {
			d.matrix(name+" grad "+m.name, m.m)
		}
	}
}

func (d *dumper) matrix(name string, m *mat.Dense) {
	if d.err != nil {
		return
	}
	r, c := m.Dims()
	var b strings.Builder
	fmt.Fprintf(&b, "%s %dx%d:", name, r, c)
	if r*c > 4096 {
		h := sha256.New()
		var buf [8]byte
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				binary.LittleEndian.PutUint64(buf[:], math.Float64bits(m.At(i, j)))
				h.Write(buf[:])
			}
		}
		fmt.Fprintf(&b, " sha256 %x", h.Sum(nil))
	} else {
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				fmt.Fprintf(&b, " %016x", math.Float64bits(m.At(i, j)))
			}
		}
	}
	b.WriteByte('\n')
	_, d.err = io.WriteString(d.w, b.String())
}
