package attention

import "gonum.org/v1/gonum/mat"

// An Engine runs specs one after the other, as the UI does on every
// keystroke, and keeps what it can between runs: the generated weights (by
// stream, seed and shape: the same seed, d_model, heads and d_k give the same
// matrices, so they are generated once), the embedding buffer and the
// Result's buffers. The zero Engine is ready to use. An Engine is not safe
// for concurrent use.
type Engine struct {
	weights map[string]cached // by stream: the last matrix generated
	x, xkv  mat.Dense         // X and XKV in text mode
	res     Result
	grad    Gradients
}

type cached struct {
	seed int64
	r, c int
	m    *mat.Dense
}

// Run resolves s and computes its Result (and its Grad when s has
// grad_output), like the function Run, reusing
// what it can from the previous run. The Result is valid until the next
// Run: its matrices are overwritten then. On error (s is invalid), the
// previous Result is left as it was.
func (e *Engine) Run(s *Spec) (*Result, error) {
	if e.weights == nil {
		e.weights = map[string]cached{}
	}
	in, err := s.resolve(e.generate, &e.x, &e.xkv)
	if err != nil {
		return nil, err
	}
	Forward(&e.res, in)
	if in.GradOutput != nil {
		Backward(&e.grad, &e.res, in, in.GradOutput)
		e.res.Grad = &e.grad
	}
	return &e.res, nil
}

// generate returns Xavier(seed, stream) of shape r×c, from the cache when
// the last one generated for stream has that seed and shape.
func (e *Engine) generate(stream string, seed int64, r, c int) *mat.Dense {
	if w, ok := e.weights[stream]; ok && w.seed == seed && w.r == r && w.c == c {
		return w.m
	}
	m := generate(stream, seed, r, c)
	e.weights[stream] = cached{seed: seed, r: r, c: c, m: m}
	return m
}

// Run resolves s and computes its Result: s.Resolve followed by Forward into
// a new Result, and by Backward into its Grad when s has grad_output. The
// error, from Resolve, is a *SpecError.
func Run(s *Spec) (*Result, error) {
	in, err := s.Resolve()
	if err != nil {
		return nil, err
	}
	var r Result
	Forward(&r, in)
	if in.GradOutput != nil {
		r.Grad = new(Gradients)
		Backward(r.Grad, &r, in, in.GradOutput)
	}
	return &r, nil
}
