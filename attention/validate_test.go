package attention_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention"
)

// base is a valid matrix-mode spec (2 tokens, d_model 2) that the cases
// below break one way each.
const base = `"tokens": ["a", "b"], "x": [[1, 2], [3, 4]]`

// invalidSpec is a spec that is invalid in one way, and the field to blame.
type invalidSpec struct {
	name, spec, field string
}

// bigMatrix is the JSON of a rows×cols matrix of zeros.
func bigMatrix(rows, cols int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; i < rows; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("[" + strings.Repeat("0,", cols-1) + "0]")
	}
	b.WriteString("]")
	return b.String()
}

// invalidSpecs are the cases of TestInvalidSpecs.
func invalidSpecs() []invalidSpec {
	big := bigMatrix
	return []invalidSpec{
		// ParseSpec: JSON and types.
		{"empty input", ``, ""},
		{"not an object", `[1, 2]`, ""},
		{"null", `null`, ""},
		{"syntax", `{"x": [[1, 2]}`, ""},
		{"truncated", `{"x": [[1, 2]]`, ""},
		{"trailing data", `{` + base + `} {}`, ""},
		{"trailing garbage", `{` + base + `} x`, ""},
		{"unknown field", `{` + base + `, "temprature": 2}`, "temprature"},
		{"field case", `{` + base + `, "Heads": 2}`, "Heads"},
		{"duplicate field", `{` + base + `, "heads": 1, "heads": 2}`, "heads"},
		{"heads wrong type", `{` + base + `, "heads": "2"}`, "heads"},
		{"heads fractional", `{` + base + `, "heads": 1.5}`, "heads"},
		{"heads explicit zero", `{` + base + `, "heads": 0}`, "heads"},
		{"d_model explicit zero", `{"text": "a b", "d_model": 0}`, "d_model"},
		{"d_k explicit zero", `{` + base + `, "d_k": 0}`, "d_k"},
		{"x wrong type", `{"tokens": ["a"], "x": [["1"]]}`, "x"},
		{"x flat", `{"tokens": ["a"], "x": [1, 2]}`, "x"},
		{"number overflow", `{"tokens": ["a"], "x": [[1e400]]}`, "x"},
		{"tokens wrong type", `{"tokens": [1, 2], "x": [[1], [2]]}`, "tokens"},
		{"scale wrong type", `{` + base + `, "scale": "yes"}`, "scale"},
		{"seed too large", `{` + base + `, "seed": 1e30}`, "seed"},
		{"text wrong type", `{"text": 5}`, "text"},
		{"too many bytes", `{"text": "` + strings.Repeat("a", attention.MaxSpecBytes) + `"}`, ""},
		// Resolve: input.
		{"neither text nor x", `{"heads": 1}`, "text, x"},
		{"both text and x", `{"text": "a b", "x": [[1, 2], [3, 4]]}`, "text, x"},
		{"text and tokens", `{"text": "a b", "tokens": ["a", "b"]}`, "tokens"},
		{"text without tokens", `{"text": "  "}`, "text"},
		{"text too long", `{"text": "` + strings.Repeat("w ", 200) + `"}`, "text"},
		{"empty x", `{"x": []}`, "x"},
		{"empty row", `{"tokens": ["a"], "x": [[]]}`, "x"},
		{"ragged x", `{"tokens": ["a", "b"], "x": [[1, 2], [3]]}`, "x"},
		{"too many rows", `{"x": ` + big(attention.MaxTokens+1, 1) + `}`, "x"},
		{"too many columns", `{"x": ` + big(1, attention.MaxDModel+1) + `}`, "x"},
		{"tokens count", `{"tokens": ["a"], "x": [[1, 2], [3, 4]]}`, "tokens"},
		{"d_model vs x", `{` + base + `, "d_model": 3}`, "d_model"},
		{"positional with x", `{` + base + `, "positional": true}`, "positional"},
		// Resolve: cross-attention.
		{"x_kv with text", `{"text": "a b", "x_kv": [[1, 2]]}`, "x_kv, text"},
		{"text_kv with x", `{` + base + `, "text_kv": "a b"}`, "text_kv, x"},
		{"tokens_kv without x_kv", `{` + base + `, "tokens_kv": ["a"]}`, "tokens_kv"},
		{"tokens_kv with text_kv", `{"text": "a", "text_kv": "a b", "tokens_kv": ["a", "b"]}`, "tokens_kv"},
		{"tokens_kv count", `{` + base + `, "x_kv": [[1, 2]], "tokens_kv": ["a", "b"]}`, "tokens_kv"},
		{"x_kv columns", `{` + base + `, "x_kv": [[1, 2, 3]]}`, "x_kv"},
		{"x_kv empty", `{` + base + `, "x_kv": []}`, "x_kv"},
		{"x_kv ragged", `{` + base + `, "x_kv": [[1, 2], [3]]}`, "x_kv"},
		{"x_kv too many rows", `{` + base + `, "x_kv": ` + big(attention.MaxTokens+1, 2) + `}`, "x_kv"},
		{"x_kv too large", `{` + base + `, "x_kv": [[1, 2e30]]}`, "x_kv"},
		{"text_kv without tokens", `{"text": "a", "text_kv": " "}`, "text_kv"},
		{"text_kv wrong type", `{"text": "a", "text_kv": ["a"]}`, "text_kv"},
		{"valid above m", `{` + base + `, "x_kv": [[1, 2]], "valid": 2}`, "valid"},
		{"grad_output rows with x_kv", `{` + base + `, "x_kv": [[1, 2], [3, 4], [5, 6]], "grad_output": [[1, 2], [3, 4], [5, 6]]}`, "grad_output"},
		{"cross too many cells", `{"text": "w", "text_kv": "` + strings.Repeat("w ", 100) + `", "d_model": 1024, "heads": 64, "d_k": 1024}`, ""},
		// Resolve: weights.
		{"wq rows", `{` + base + `, "wq": [[1, 2]]}`, "wq"},
		{"wk rows", `{` + base + `, "wk": [[1], [2], [3]]}`, "wk"},
		{"wv ragged", `{` + base + `, "wv": [[1, 2], [3]]}`, "wv"},
		{"wv empty", `{` + base + `, "wv": []}`, "wv"},
		{"wq heads", `{` + base + `, "heads": 2, "wq": [[1, 2, 3], [4, 5, 6]]}`, "wq"},
		{"wv heads", `{` + base + `, "heads": 2, "wv": [[1, 2, 3], [4, 5, 6]]}`, "wv"},
		{"wq vs wk width", `{` + base + `, "wq": [[1, 2], [3, 4]], "wk": [[1], [2]]}`, "wk"},
		{"d_k vs wq", `{` + base + `, "d_k": 1, "wq": [[1, 2], [3, 4]]}`, "d_k"},
		{"wo rows", `{` + base + `, "wo": [[1, 2]]}`, "wo"},
		{"wo rows vs wv", `{` + base + `, "wv": [[1], [2]], "wo": [[1, 2], [3, 4]]}`, "wo"},
		{"wo too wide", `{` + base + `, "wo": [[` + strings.Repeat("0,", attention.MaxDModel) + `0], [0]]}`, "wo"},
		// Resolve: grad_output.
		{"grad_output wrong type", `{` + base + `, "grad_output": [["1"]]}`, "grad_output"},
		{"grad_output empty", `{` + base + `, "grad_output": []}`, "grad_output"},
		{"grad_output ragged", `{` + base + `, "grad_output": [[1, 2], [3]]}`, "grad_output"},
		{"grad_output rows", `{` + base + `, "grad_output": [[1, 2]]}`, "grad_output"},
		{"grad_output columns", `{` + base + `, "grad_output": [[1, 2, 3], [4, 5, 6]]}`, "grad_output"},
		{"grad_output vs wo", `{` + base + `, "wo": [[1], [2]], "grad_output": [[1, 2], [3, 4]]}`, "grad_output"},
		{"grad_output vs text", `{"text": "a b", "grad_output": [[1, 2], [3, 4]]}`, "grad_output"},
		{"grad_output too large", `{` + base + `, "grad_output": [[1, 2], [1e31, 4]]}`, "grad_output"},
		{"grad_output too many cells", `{"text": "` + strings.Repeat("w ", 100) + `", "d_model": 1024, "heads": 4, "d_k": 512, "grad_output": ` + big(100, 1024) + `}`, ""}, // TestSpecGradOutput: fits without grad_output
		// Resolve: options and limits.
		{"unknown mask", `{` + base + `, "mask": "Causal"}`, "mask"},
		{"valid negative", `{` + base + `, "valid": -1}`, "valid"},
		{"valid above n", `{` + base + `, "valid": 3}`, "valid"},
		{"temperature zero", `{` + base + `, "temperature": 0}`, "temperature"},
		{"temperature too small", `{` + base + `, "temperature": 1e-7}`, "temperature"},
		{"value too large", `{` + base + `, "wv": [[1, 2], [3, -1e31]]}`, "wv"},
		{"temperature negative", `{` + base + `, "temperature": -1}`, "temperature"},
		{"heads negative", `{` + base + `, "heads": -1}`, "heads"},
		{"heads too many", `{` + base + `, "heads": 65}`, "heads"},
		{"heads do not divide d_model", `{"text": "a b", "heads": 3}`, "heads"},
		{"heads above d_model", `{"text": "a b", "d_model": 4, "heads": 8}`, "heads"},
		{"d_model negative", `{"text": "a b", "d_model": -4}`, "d_model"},
		{"d_model too large", `{"text": "a b", "d_model": 1025}`, "d_model"},
		{"d_k negative", `{"text": "a b", "d_k": -1}`, "d_k"},
		{"d_k too large", `{"text": "a b", "d_k": 1025}`, "d_k"},
		{"too many cells", `{"text": "` + strings.Repeat("w ", 100) + `", "d_model": 1024, "heads": 64, "d_k": 1024}`, ""},
	}
}

// TestInvalidSpecs: every kind of invalid input gives an error (never a
// panic) whose Field and message name the field at fault.
func TestInvalidSpecs(t *testing.T) {
	for _, c := range invalidSpecs() {
		t.Run(c.name, func(t *testing.T) {
			spec, err := attention.ParseSpec([]byte(c.spec))
			if err == nil {
				_, err = spec.Resolve()
			}
			if err == nil {
				t.Fatal("accepted")
			}
			var se *attention.SpecError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %q, want *SpecError", err, err)
			}
			if se.Field != c.field {
				t.Fatalf("error %q names field %q, want %q", err, se.Field, c.field)
			}
			if c.field != "" && !strings.Contains(err.Error(), c.field) {
				t.Fatalf("error %q does not mention %q", err, c.field)
			}
			if len(err.Error()) > 300 {
				t.Fatalf("error message of %d bytes", len(err.Error()))
			}
		})
	}
}

// TestInvalidGoSpecs: values that JSON cannot carry but a Go caller can.
func TestInvalidGoSpecs(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	x := [][]float64{{1, 2}, {3, 4}}
	for _, c := range []struct {
		name  string
		spec  attention.Spec
		field string
	}{
		{"NaN in x", attention.Spec{X: [][]float64{{1, nan}, {3, 4}}}, "x"},
		{"Inf in wq", attention.Spec{X: x, Wq: [][]float64{{1, 2}, {inf, 4}}}, "wq"},
		{"-Inf in wo", attention.Spec{X: x, Wo: [][]float64{{1, 2}, {-inf, 4}}}, "wo"},
		{"NaN temperature", attention.Spec{X: x, Temperature: &nan}, "temperature"},
		{"Inf temperature", attention.Spec{X: x, Temperature: &inf}, "temperature"},
		{"nil row", attention.Spec{X: [][]float64{nil}}, "x"},
		{"NaN in grad_output", attention.Spec{X: x, GradOutput: [][]float64{{1, 2}, {nan, 4}}}, "grad_output"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.spec.Resolve()
			var se *attention.SpecError
			if !errors.As(err, &se) || se.Field != c.field {
				t.Fatalf("error %v, want a *SpecError naming %q", err, c.field)
			}
		})
	}
}

// TestValidSpecs: defaults and accepted variants resolve as documented.
func TestValidSpecs(t *testing.T) {
	for _, c := range []struct {
		spec                 string
		n, dModel, heads, dk int
		wo, causal, scale    bool
		valid                int
		temperature          float64
		fromText             bool
	}{
		{`{"text": "the cat sat"}`, 3, 16, 1, 16, true, false, true, 3, 1, true},
		{`{"text": "the cat sat", "heads": 4, "d_model": 8, "mask": "causal", "valid": 2, "scale": false, "temperature": 2}`, 3, 8, 4, 2, true, true, false, 2, 2, true},
		{`{"text": "the cat sat", "heads": 3, "d_k": 5}`, 3, 16, 3, 5, true, false, true, 3, 1, true},
		{`{"x": [[1, 2], [3, 4]], "heads": 2, "mask": "none", "valid": null}`, 2, 2, 2, 1, false, false, true, 2, 1, false},
		{`{"x": [[1, 2], [3, 4]], "wk": [[1, 2, 3, 4], [5, 6, 7, 8]], "heads": 2}`, 2, 2, 2, 2, false, false, true, 2, 1, false},
		{` {"x": [[1, 2], [3, 4]], "d_model": 2, "d_k": 3} ` + "\n", 2, 2, 1, 3, false, false, true, 2, 1, false},
	} {
		spec, err := attention.ParseSpec([]byte(c.spec))
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		in, err := spec.Resolve()
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		n, d := in.X.Dims()
		_, qc := in.Wq.Dims()
		_, kc := in.Wk.Dims()
		o := in.Options
		if n != c.n || d != c.dModel || in.Heads != c.heads || qc != c.heads*c.dk || kc != qc ||
			(in.Wo != nil) != c.wo || o.Causal != c.causal || o.Scale != c.scale || o.Valid != c.valid ||
			o.Temperature != c.temperature || in.FromText != c.fromText || len(in.Tokens) != n {
			t.Errorf("%s: resolved to n %d d_model %d heads %d wq cols %d wo %v %+v text %v", c.spec, n, d, in.Heads, qc, in.Wo != nil, o, in.FromText)
		}
	}
}
