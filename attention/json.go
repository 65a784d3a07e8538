package attention

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/gonum/mat"
)

// MarshalJSON encodes r in the result format of testdata/reference/README.md:
//
//	{"tokens": [...], "tokens_kv": [...], "x": [[...]...], "x_kv": [[...]...],
//	 "heads": [{"q", "k", "v", "scores", "weights", "output"}, ...],
//	 "weights_mean": [[...]...], "output": [[...]...],
//	 "grad": {"x", "x_kv", "wq", "wk", "wv", "wo"}}
//
// with every matrix an array of rows. "tokens_kv" is present only in
// cross-attention (r.XKV not nil). "x" is present only when r.FromText (in
// matrix mode the caller has X already), "x_kv" only then and in
// cross-attention. "grad" is present only when r.Grad is not nil, its "x_kv"
// only in cross-attention and its "wo" only when there is an output
// projection. Numbers are written in the shortest form that reads back as
// the same float64, as encoding/json writes them; −0 is written 0. Concat is not part of the format. MarshalJSON
// returns an error if a matrix holds NaN or ±Inf, which JSON cannot carry.
func (r *Result) MarshalJSON() ([]byte, error) {
	e := jsonEncoder{buf: make([]byte, 0, 1024)}
	e.buf = append(e.buf, `{"tokens":`...)
	if err := e.strings(r.Tokens); err != nil {
		return nil, err
	}
	if r.XKV != nil {
		e.buf = append(e.buf, `,"tokens_kv":`...)
		if err := e.strings(r.TokensKV); err != nil {
			return nil, err
		}
	}
	if r.FromText {
		e.matrix(`,"x":`, "x", r.X)
		if r.XKV != nil {
			e.matrix(`,"x_kv":`, "x_kv", r.XKV)
		}
	}
	e.buf = append(e.buf, `,"heads":[`...)
	for i, h := range r.Heads {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		name := "heads[" + strconv.Itoa(i) + "]."
		e.matrix(`{"q":`, name+"q", h.Q)
		e.matrix(`,"k":`, name+"k", h.K)
		e.matrix(`,"v":`, name+"v", h.V)
		e.matrix(`,"scores":`, name+"scores", h.Scores)
		e.matrix(`,"weights":`, name+"weights", h.Weights)
		e.matrix(`,"output":`, name+"output", h.Output)
		e.buf = append(e.buf, '}')
	}
	e.buf = append(e.buf, ']')
	e.matrix(`,"weights_mean":`, "weights_mean", r.WeightsMean)
	e.matrix(`,"output":`, "output", r.Output)
	if g := r.Grad; g != nil {
		e.matrix(`,"grad":{"x":`, "grad.x", g.X)
		if g.XKV != nil {
			e.matrix(`,"x_kv":`, "grad.x_kv", g.XKV)
		}
		e.matrix(`,"wq":`, "grad.wq", g.Wq)
		e.matrix(`,"wk":`, "grad.wk", g.Wk)
		e.matrix(`,"wv":`, "grad.wv", g.Wv)
		if g.Wo != nil {
			e.matrix(`,"wo":`, "grad.wo", g.Wo)
		}
		e.buf = append(e.buf, '}')
	}
	e.buf = append(e.buf, '}')
	if e.err != nil {
		return nil, e.err
	}
	return e.buf, nil
}

type jsonEncoder struct {
	buf []byte
	err error
}

// strings appends s as a JSON array of strings ([] for nil).
func (e *jsonEncoder) strings(s []string) error {
	if s == nil {
		e.buf = append(e.buf, "[]"...)
		return nil
	}
	data, err := json.Marshal(s)
	e.buf = append(e.buf, data...)
	return err
}

// matrix appends key and m as an array of rows; a nil m is null.
func (e *jsonEncoder) matrix(key, name string, m *mat.Dense) {
	e.buf = append(e.buf, key...)
	if m == nil || m.IsEmpty() {
		e.buf = append(e.buf, "null"...)
		return
	}
	r, c := m.Dims()
	e.buf = append(e.buf, '[')
	for i := 0; i < r; i++ {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.buf = append(e.buf, '[')
		for j, v := range m.RawRowView(i)[:c] {
			if j > 0 {
				e.buf = append(e.buf, ',')
			}
			if math.IsNaN(v) || math.IsInf(v, 0) {
				if e.err == nil {
					e.err = fmt.Errorf("attention: result %s[%d][%d] is %v, which JSON cannot encode", name, i, j, v)
				}
				v = 0
			}
			e.buf = appendFloat(e.buf, v)
		}
		e.buf = append(e.buf, ']')
	}
	e.buf = append(e.buf, ']')
}

// appendFloat appends f as encoding/json does: the shortest decimal that
// reads back as f, in exponent form below 1e-6 and from 1e21 on.
func appendFloat(b []byte, f float64) []byte {
	if f == 0 {
		return append(b, '0')
	}
	format := byte('f')
	if abs := math.Abs(f); abs < 1e-6 || abs >= 1e21 {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' { // e-07 → e-7, as encoding/json
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
