package attention

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/text"
)

// Spec is an attention problem as it arrives from a user: JSON from a file,
// stdin, a pasted text box or a link. Its fields and their meaning are those of
// testdata/reference/README.md. A Spec is untrusted; Resolve checks it.
//
// A Spec gives its input in one of two ways:
//   - matrices: Tokens and X (n × d_model), with Wq, Wk, Wv and optionally Wo;
//   - text: Text (with DModel, Seed, Positional), from which Resolve builds
//     Tokens and X with package text.
//
// Any of Wq, Wk, Wv that is absent is initialised from Seed (Xavier normal).
// Wo, when absent, is initialised in text mode and means "no output
// projection" in matrix mode, as the reference contract says.
//
// Cross-attention takes the keys and values from a second sequence: XKV
// (m × d_model, labelled by TokensKV) in matrix mode, TextKV in text mode.
// TextKV is this project's text form of the contract's x_kv: the key/value
// side's sentence (the "encoder" sentence, Text being the "decoder" one),
// tokenized and embedded as Text is, with the same Seed and DModel, so that a
// word has the same vector on both sides, and with its own positions from 0
// when Positional. Absent, keys and values come from the queries' side.
type Spec struct {
	Tokens []string    `json:"tokens,omitempty"`
	X      [][]float64 `json:"x,omitempty"`

	TokensKV []string    `json:"tokens_kv,omitempty"` // labels of x_kv's rows
	XKV      [][]float64 `json:"x_kv,omitempty"`      // the key/value side: m × d_model
	TextKV   *string     `json:"text_kv,omitempty"`   // text mode: the key/value side's sentence

	Wq [][]float64 `json:"wq,omitempty"`
	Wk [][]float64 `json:"wk,omitempty"`
	Wv [][]float64 `json:"wv,omitempty"`
	Wo [][]float64 `json:"wo,omitempty"`

	// GradOutput, when given, asks for the gradients of
	// L = Σ output ⊙ grad_output (n × d_out): Run then sets Result.Grad.
	GradOutput [][]float64 `json:"grad_output,omitempty"`

	Heads       int      `json:"heads,omitempty"`       // default 1
	Mask        string   `json:"mask,omitempty"`        // "none" (default) or "causal"
	Valid       *int     `json:"valid,omitempty"`       // default n
	Scale       *bool    `json:"scale,omitempty"`       // default true
	Temperature *float64 `json:"temperature,omitempty"` // default 1

	// Text mode, and initialisation of absent weights.
	Text       *string `json:"text,omitempty"`
	DModel     int     `json:"d_model,omitempty"`    // text mode: embedding width
	DK         int     `json:"d_k,omitempty"`        // generated Wq/Wk/Wv: columns per head; default d_model/heads
	Seed       int64   `json:"seed,omitempty"`       // seeds embeddings and generated weights
	Positional bool    `json:"positional,omitempty"` // add sinusoidal positional encoding to X
}

// Limits on a Spec, checked by ParseSpec and Resolve. They keep a spec from a
// link or a paste from exhausting the memory of a browser tab.
const (
	// MaxSpecBytes is the largest spec JSON ParseSpec reads.
	MaxSpecBytes = 64 << 20
	// MaxTokens is the largest n: rows of x, or tokens of text (package text
	// allows fewer: text.MaxTokens); and the largest m, rows of x_kv or
	// tokens of text_kv.
	MaxTokens = 1024
	// MaxDModel is the largest d_model (columns of x), and the largest d_k,
	// d_v and d_out (columns of wo).
	MaxDModel = 1024
	// MaxHeads is the largest number of heads.
	MaxHeads = 64
	// MaxCells is the most float64 values a spec may make Resolve and Forward
	// hold: its matrices, given or generated, plus every matrix of the
	// result (Q, K, V, Kᵀ, per-head scores and weights, the mean, the
	// concatenation and the output). 1<<24 cells are 128 MiB.
	MaxCells = 1 << 24
	// MaxAbsValue bounds the magnitude of every number of x, wq, wk, wv and
	// wo. With the other limits it keeps every product, score and output
	// far from overflowing float64 (scores stay below about 1e135).
	MaxAbsValue = 1e30
	// MinTemperature is the smallest temperature: dividing scores by less
	// could overflow them to ±Inf.
	MinTemperature = 1e-6
	// DefaultDModel is d_model in text mode when the spec gives none.
	DefaultDModel = 16
)

// A SpecError is a problem with a spec. Field is the JSON name of the field
// at fault ("x", "wq", "heads", …; several separated by commas when they
// conflict; empty for the spec as a whole).
// Problem says what is wrong, in English: fmt.Sprintf(Format, Args...),
// which a page in another language translates (app/state's engine text).
type SpecError struct {
	Field   string
	Problem string
	Format  string
	Args    []any
}

func (e *SpecError) Error() string {
	if e.Field == "" {
		return "spec: " + e.Problem
	}
	return e.Field + ": " + e.Problem
}

// A JSONKind in a SpecError's Args names a kind of JSON value ("a number",
// "an array of numbers", "string"), which a page in another language
// translates; the input's own values are other types, shown as they are.
type JSONKind string

func specErr(field, format string, args ...any) error {
	return &SpecError{Field: field, Problem: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// specFields are the JSON names of Spec's fields.
var specFields = func() map[string]bool {
	m := map[string]bool{}
	t := reflect.TypeFor[Spec]()
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		m[name] = true
	}
	return m
}()

// ParseSpec decodes a spec from JSON, strictly: data must be one JSON object
// of at most MaxSpecBytes bytes, with nothing after it but white space, whose
// keys are Spec's JSON field names exactly (case-sensitive), each at most once,
// with values of the right types. heads, d_model and d_k, when given, must not
// be 0. null stands for an absent field. The error, a *SpecError, names the
// field at fault. ParseSpec checks types only; Resolve checks the rest.
func ParseSpec(data []byte) (*Spec, error) {
	if len(data) > MaxSpecBytes {
		return nil, specErr("", "%d bytes of JSON, at most %d accepted", len(data), MaxSpecBytes)
	}
	// First pass: the shape of the object and its keys.
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, jsonErr(err, data)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, specErr("", "expected a JSON object, found %s", JSONKind(describeToken(tok)))
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonErr(err, data)
		}
		key := tok.(string) // object keys are strings, or Token fails
		if !specFields[key] {
			return nil, specErr(key, "unknown field (field names are case-sensitive)")
		}
		if seen[key] {
			return nil, specErr(key, "given twice")
		}
		seen[key] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, jsonErr(err, data)
		}
		switch key {
		case "heads", "d_model", "d_k":
			if v := strings.TrimSpace(string(raw)); v == "0" || v == "-0" {
				return nil, specErr(key, "0 given, expected an integer ≥ 1 (or leave it out for the default)")
			}
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, jsonErr(err, data)
	}
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, jsonErr(err, data)
		}
		return nil, specErr("", "unexpected %s after the JSON object", JSONKind(describeToken(tok)))
	}
	// Second pass: the values.
	var s Spec
	dec = json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, jsonErr(err, data)
	}
	return &s, nil
}

// describeToken names a JSON token for an error message.
func describeToken(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		return fmt.Sprintf("%q", string(v))
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

// jsonErr turns an error of encoding/json into a *SpecError.
func jsonErr(err error, data []byte) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field, _, _ := strings.Cut(te.Field, ".")
		if num, ok := strings.CutPrefix(te.Value, "number "); ok {
			k := te.Type.Kind()
			if k == reflect.Float64 || (k == reflect.Int || k == reflect.Int64) && !strings.ContainsAny(num, ".eE") {
				return specErr(field, "%s is out of range, expected %s", num, JSONKind(typeName(te.Type)))
			}
		}
		return specErr(field, "expected %s, found JSON %s", JSONKind(typeName(te.Type)), JSONKind(te.Value))
	case errors.As(err, &se):
		return specErr("", "invalid JSON at byte %d: %v", se.Offset, se)
	case err == io.EOF, err == io.ErrUnexpectedEOF:
		if len(bytes.TrimSpace(data)) == 0 {
			return specErr("", "empty input, expected a JSON object")
		}
		return specErr("", "JSON ends early, expected the rest of the object")
	}
	return specErr("", "%v", err)
}

// typeName describes a Go type of Spec's fields for an error message.
func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		return "an integer"
	case reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Pointer:
		return typeName(t.Elem())
	case reflect.Slice:
		return "an array of " + plural(typeName(t.Elem()))
	}
	return t.String()
}

// plural turns a typeName into its plural: "a number" → "numbers", "an
// array of numbers" → "arrays of numbers".
func plural(name string) string {
	if name == "true or false" {
		return "values true or false"
	}
	name = strings.TrimPrefix(strings.TrimPrefix(name, "an "), "a ")
	noun, rest, ok := strings.Cut(name, " ")
	if !ok {
		return noun + "s"
	}
	return noun + "s " + rest
}

// Resolve checks s and builds the Input it describes.
//
// Defaults: heads 1; mask "none"; valid n; scale true; temperature 1; in text
// mode d_model DefaultDModel; d_k the columns per head of a given wq or wk,
// otherwise d_model/heads (a given d_k must agree with wq and wk); d_v the
// columns per head of a given wv, otherwise d_k.
//
// In text mode (text given, x and tokens absent) the tokens are
// text.Tokenize(text) and X is text.Embed(tokens, d_model, seed), plus
// text.AddPositional when positional; text_kv, when given, makes tokens_kv
// and x_kv in the same way. In matrix mode (x given) tokens default
// to "t0", "t1", …, and tokens_kv, with x_kv, to "kv0", "kv1", …. Without
// x_kv or text_kv, keys and values come from x (self-attention); with
// either, valid counts keys of the key/value side (default m, its rows).
// Any of wq, wk, wv that is absent is Xavier(seed, "wq" …);
// an absent wo is Xavier(seed, "wo") in text mode and no output projection in
// matrix mode.
//
// Resolve returns a *SpecError naming the field for: text and x both given or
// neither; x_kv with text or text_kv with x; tokens_kv without x_kv; x_kv
// columns ≠ d_model; tokens_kv of another count than the rows of x_kv; an
// empty, ragged or non-finite matrix; shapes that do not agree (wq/wk/wv
// rows ≠ d_model, columns that heads does not divide, wq and wk of different
// widths, d_k different from a given wq's, wo rows ≠ heads·d_v); tokens of
// another count than the rows of x; an unknown mask; valid outside 0…m (m = n
// in self-attention); temperature below MinTemperature or not finite; a
// number of a matrix above MaxAbsValue in magnitude, NaN or ±Inf; heads,
// d_model, d_k, n or m outside their limits (MaxHeads, MaxDModel,
// MaxTokens), or a problem larger than MaxCells; positional without text;
// text or text_kv with no tokens or too many; a grad_output not of the
// output's shape (n × d_out, n × heads·d_v without wo).
func (s *Spec) Resolve() (*Input, error) {
	return s.resolve(generate, nil, nil)
}

// generator returns weights Xavier(seed, stream) of shape r×c.
type generator func(stream string, seed int64, r, c int) *mat.Dense

func generate(stream string, seed int64, r, c int) *mat.Dense {
	m := mat.NewDense(r, c, nil)
	Xavier(m, seed, stream)
	return m
}

// resolve is Resolve with weights from gen and, in text mode, X and XKV
// built in xbuf and xkvbuf when they are not nil.
func (s *Spec) resolve(gen generator, xbuf, xkvbuf *mat.Dense) (*Input, error) {
	in := &Input{}
	if err := s.resolveOptions(in); err != nil {
		return nil, err
	}
	d := dims{h: in.Heads}
	if err := s.resolveTokens(in, &d); err != nil {
		return nil, err
	}
	if err := s.resolveKV(in, &d); err != nil {
		return nil, err
	}
	if err := s.resolveWidths(&d); err != nil {
		return nil, err
	}
	if err := s.resolveOutput(in, &d); err != nil {
		return nil, err
	}
	s.build(in, d, gen, xbuf, xkvbuf)
	return in, nil
}

// dims are the sizes of a resolved problem: n tokens of d_model columns, m
// keys (n in self-attention), h heads of d_k query/key and d_v value
// columns, d_out output columns (0 in matrix mode without wo: the output is
// then the h·d_v of the heads).
type dims struct {
	n, m, dModel, h, dk, dv, dOut int
	cross                         bool // x_kv or text_kv given
}

// resolveOptions checks heads, mask, scale, temperature and the ranges of
// d_k and d_model, and sets in.Heads and in.Options but for Valid.
func (s *Spec) resolveOptions(in *Input) error {
	in.Heads = 1
	if s.Heads != 0 {
		if s.Heads < 1 || s.Heads > MaxHeads {
			return specErr("heads", "%d, expected 1…%d", s.Heads, MaxHeads)
		}
		in.Heads = s.Heads
	}
	switch s.Mask {
	case "", "none":
	case "causal":
		in.Options.Causal = true
	default:
		return specErr("mask", "unknown value %q, expected \"none\" or \"causal\"", s.Mask)
	}
	in.Options.Scale = s.Scale == nil || *s.Scale
	in.Options.Temperature = 1
	if t := s.Temperature; t != nil {
		if !(*t >= MinTemperature) || math.IsInf(*t, 1) {
			return specErr("temperature", "%v, expected a finite number ≥ %v", *t, MinTemperature)
		}
		in.Options.Temperature = *t
	}
	if s.DK < 0 || s.DK > MaxDModel {
		return specErr("d_k", "%d, expected 1…%d", s.DK, MaxDModel)
	}
	if s.DModel < 0 || s.DModel > MaxDModel {
		return specErr("d_model", "%d, expected 1…%d", s.DModel, MaxDModel)
	}
	return nil
}

// resolveTokens checks the input, text or x, and sets in.Tokens,
// in.FromText, d.n and d.dModel.
func (s *Spec) resolveTokens(in *Input, d *dims) error {
	switch {
	case s.Text != nil && s.X != nil:
		return specErr("text, x", "both given, expected one of them")
	case s.Text == nil && s.X == nil:
		return specErr("text, x", "neither given, expected one of them")
	case s.Text != nil:
		return s.resolveText(in, d)
	}
	if s.Positional {
		return specErr("positional", "given with x, expected only with text")
	}
	var err error
	if d.n, d.dModel, err = checkMatrix("x", s.X, MaxTokens, MaxDModel); err != nil {
		return err
	}
	if s.DModel != 0 && s.DModel != d.dModel {
		return specErr("d_model", "%d, but x has %d columns", s.DModel, d.dModel)
	}
	switch {
	case s.Tokens == nil:
		in.Tokens = make([]string, d.n)
		for i := range in.Tokens {
			in.Tokens[i] = "t" + strconv.Itoa(i)
		}
	case len(s.Tokens) != d.n:
		return specErr("tokens", "%d given, expected %d (one per row of x)", len(s.Tokens), d.n)
	default:
		in.Tokens = s.Tokens
	}
	return nil
}

// resolveText is resolveTokens in text mode.
func (s *Spec) resolveText(in *Input, d *dims) error {
	if s.Tokens != nil {
		return specErr("tokens", "given with text, expected only one of them (text makes the tokens)")
	}
	tokens, err := text.Tokenize(*s.Text)
	if err != nil {
		return specErr("text", "%v", err)
	}
	if len(tokens) == 0 {
		return specErr("text", "no tokens, expected at least one word")
	}
	in.Tokens, in.FromText = tokens, true
	d.n, d.dModel = len(tokens), DefaultDModel
	if s.DModel != 0 {
		d.dModel = s.DModel
	}
	return nil
}

// resolveKV checks the key/value side, x_kv or text_kv with its tokens, and
// sets in.TokensKV, d.m and d.cross; without either, d.m = d.n.
func (s *Spec) resolveKV(in *Input, d *dims) error {
	d.m = d.n
	switch {
	case s.XKV != nil && in.FromText:
		return specErr("x_kv, text", "x_kv given with text, expected text_kv (or x with x_kv)")
	case s.TextKV != nil && !in.FromText:
		return specErr("text_kv, x", "text_kv given with x, expected x_kv (or text with text_kv)")
	case s.TextKV != nil:
		return s.resolveTextKV(in, d)
	case s.XKV == nil:
		if s.TokensKV != nil {
			return specErr("tokens_kv", "given without x_kv, expected only with it")
		}
		return nil
	}
	m, c, err := checkMatrix("x_kv", s.XKV, MaxTokens, MaxDModel)
	if err != nil {
		return err
	}
	if c != d.dModel {
		return specErr("x_kv", "%d columns, expected d_model = %d like x", c, d.dModel)
	}
	d.m, d.cross = m, true
	switch {
	case s.TokensKV == nil:
		in.TokensKV = make([]string, m)
		for i := range in.TokensKV {
			in.TokensKV[i] = "kv" + strconv.Itoa(i)
		}
	case len(s.TokensKV) != m:
		return specErr("tokens_kv", "%d given, expected %d (one per row of x_kv)", len(s.TokensKV), m)
	default:
		in.TokensKV = s.TokensKV
	}
	return nil
}

// resolveTextKV is resolveKV in text mode.
func (s *Spec) resolveTextKV(in *Input, d *dims) error {
	if s.TokensKV != nil {
		return specErr("tokens_kv", "given with text_kv, expected only one of them (text_kv makes the tokens)")
	}
	tokens, err := text.Tokenize(*s.TextKV)
	if err != nil {
		return specErr("text_kv", "%v", err)
	}
	if len(tokens) == 0 {
		return specErr("text_kv", "no tokens, expected at least one word")
	}
	in.TokensKV, d.m, d.cross = tokens, len(tokens), true
	return nil
}

// resolveWidths checks the shapes of the given wq, wk and wv and sets d.dk
// and d.dv.
func (s *Spec) resolveWidths(d *dims) error {
	qk, err := weightWidth("wq", s.Wq, *d)
	if err != nil {
		return err
	}
	kk, err := weightWidth("wk", s.Wk, *d)
	if err != nil {
		return err
	}
	vk, err := weightWidth("wv", s.Wv, *d)
	if err != nil {
		return err
	}
	dk := s.DK
	for _, w := range []struct {
		name string
		dk   int
	}{{"wq", qk}, {"wk", kk}} {
		switch {
		case w.dk == 0:
		case dk == 0:
			dk = w.dk
		case w.dk != dk:
			if s.DK != 0 {
				return specErr("d_k", "%d, but %s has %d columns per head", s.DK, w.name, w.dk)
			}
			return specErr("wk", "%d columns, expected %d like wq (heads·d_k)", kk*d.h, qk*d.h)
		}
	}
	if dk == 0 {
		if d.dModel%d.h != 0 {
			return specErr("heads", "%d does not divide d_model = %d; give d_k", d.h, d.dModel)
		}
		dk = d.dModel / d.h
	}
	d.dk, d.dv = dk, vk
	if d.dv == 0 {
		d.dv = dk
	}
	return nil
}

// weightWidth checks a given projection (d_model × heads·width) and returns
// its columns per head; 0 when m is absent.
func weightWidth(name string, m [][]float64, d dims) (int, error) {
	if m == nil {
		return 0, nil
	}
	r, c, err := checkMatrix(name, m, MaxDModel, MaxHeads*MaxDModel)
	if err != nil {
		return 0, err
	}
	if r != d.dModel {
		return 0, specErr(name, "%d rows, expected d_model = %d", r, d.dModel)
	}
	if c%d.h != 0 {
		return 0, specErr(name, "%d columns do not split into %d heads", c, d.h)
	}
	if c/d.h > MaxDModel {
		return 0, specErr(name, "%d columns per head, at most %d", c/d.h, MaxDModel)
	}
	return c / d.h, nil
}

// resolveOutput checks wo, valid, grad_output and the size of the problem,
// and sets d.dOut and in.Options.Valid.
func (s *Spec) resolveOutput(in *Input, d *dims) error {
	if s.Wo != nil {
		r, c, err := checkMatrix("wo", s.Wo, MaxHeads*MaxDModel, MaxDModel)
		if err != nil {
			return err
		}
		if r != d.h*d.dv {
			return specErr("wo", "%d rows, expected heads·d_v = %d", r, d.h*d.dv)
		}
		d.dOut = c
	} else if in.FromText {
		d.dOut = d.dModel
	}
	in.Options.Valid = d.m
	if s.Valid != nil {
		if *s.Valid < 0 || *s.Valid > d.m {
			if d.cross {
				return specErr("valid", "%d, expected 0…%d (the number of keys, rows of the key/value side)", *s.Valid, d.m)
			}
			return specErr("valid", "%d, expected 0…%d (the number of tokens)", *s.Valid, d.n)
		}
		in.Options.Valid = *s.Valid
	}
	if s.GradOutput != nil {
		if err := checkGradOutput(s.GradOutput, *d); err != nil {
			return err
		}
	}
	c := cells(*d)
	if s.GradOutput != nil {
		c += gradCells(*d)
	}
	if c > MaxCells {
		if d.cross {
			return specErr("", "too large: %d queries and %d keys, d_model %d, %d heads of d_k %d, d_v %d need %d values, at most %d", d.n, d.m, d.dModel, d.h, d.dk, d.dv, c, MaxCells)
		}
		return specErr("", "too large: %d tokens, d_model %d, %d heads of d_k %d, d_v %d need %d values, at most %d", d.n, d.dModel, d.h, d.dk, d.dv, c, MaxCells)
	}
	return nil
}

// checkGradOutput checks that grad_output has the shape of the output,
// n × d_out (n × heads·d_v without wo).
func checkGradOutput(m [][]float64, d dims) error {
	want := d.dOut
	if want == 0 {
		want = d.h * d.dv
	}
	r, c, err := checkMatrix("grad_output", m, MaxTokens, MaxHeads*MaxDModel)
	if err != nil {
		return err
	}
	if r != d.n || c != want {
		return specErr("grad_output", "%d×%d, expected the output's shape n × d_out = %d×%d", r, c, d.n, want)
	}
	return nil
}

// build sets in's matrices: X and XKV (in xbuf and xkvbuf in text mode,
// when not nil), the given weights, generated ones for those absent, and
// GradOutput.
func (s *Spec) build(in *Input, d dims, gen generator, xbuf, xkvbuf *mat.Dense) {
	switch {
	case in.FromText:
		in.X = s.embed(xbuf, in.Tokens, d.dModel)
		if d.cross {
			in.XKV = s.embed(xkvbuf, in.TokensKV, d.dModel)
		}
	default:
		in.X = dense(s.X)
		if d.cross {
			in.XKV = dense(s.XKV)
		}
	}
	weight := func(name string, m [][]float64, r, c int) *mat.Dense {
		if m != nil {
			return dense(m)
		}
		return gen(name, s.Seed, r, c)
	}
	in.Wq = weight("wq", s.Wq, d.dModel, d.h*d.dk)
	in.Wk = weight("wk", s.Wk, d.dModel, d.h*d.dk)
	in.Wv = weight("wv", s.Wv, d.dModel, d.h*d.dv)
	if s.Wo != nil || in.FromText {
		in.Wo = weight("wo", s.Wo, d.h*d.dv, d.dOut)
	}
	if s.GradOutput != nil {
		in.GradOutput = dense(s.GradOutput)
	}
}

// embed returns the embeddings of tokens (text.Embed, plus
// text.AddPositional when s.Positional), in buf when it is not nil.
func (s *Spec) embed(buf *mat.Dense, tokens []string, dModel int) *mat.Dense {
	if buf == nil {
		buf = new(mat.Dense)
	}
	text.Embed(buf, tokens, dModel, s.Seed)
	if s.Positional {
		text.AddPositional(buf)
	}
	return buf
}

// cells is the number of float64 values of a problem: its input matrices and
// the matrices of its Result.
func cells(d dims) int {
	n, m, dModel, hk, hv := d.n, d.m, d.dModel, d.h*d.dk, d.h*d.dv
	in := n*dModel + 2*dModel*hk + dModel*hv + hv*d.dOut
	if d.cross {
		in += m * dModel
	}
	res := n*hk + 2*m*hk + m*hv + 2*d.h*n*m + n*m + n*hv + n*d.dOut
	return in + res
}

// gradCells is the number of float64 values Backward holds beyond cells:
// grad_output, the gradients, and its buffers.
func gradCells(d dims) int {
	n, m, hk, hv := d.n, d.m, d.h*d.dk, d.h*d.dv
	dOut := max(d.dOut, hv)
	grads := 2*n*d.dModel + 2*d.dModel*(2*hk+hv) + 2*hv*dOut + n*dOut
	if d.cross {
		grads += 2 * m * d.dModel
	}
	buffers := n*hv + n*hk + m*(hk+hv) + 3*n*m + hv*m + hv*n
	return grads + buffers
}

// checkMatrix checks that m is a non-empty rectangular matrix of numbers of
// magnitude at most MaxAbsValue, with at most maxRows rows and maxCols columns, and returns its
// shape.
func checkMatrix(name string, m [][]float64, maxRows, maxCols int) (rows, cols int, err error) {
	if len(m) == 0 {
		return 0, 0, specErr(name, "empty, expected a matrix (an array of rows)")
	}
	if len(m) > maxRows {
		return 0, 0, specErr(name, "%d rows, at most %d", len(m), maxRows)
	}
	cols = len(m[0])
	if cols == 0 {
		return 0, 0, specErr(name, "row 0 is empty, expected numbers")
	}
	if cols > maxCols {
		return 0, 0, specErr(name, "%d columns, at most %d", cols, maxCols)
	}
	for i, row := range m {
		if len(row) != cols {
			return 0, 0, specErr(name, "row %d has %d numbers, expected %d like row 0 (ragged matrix)", i, len(row), cols)
		}
		for j, v := range row {
			if !(math.Abs(v) <= MaxAbsValue) {
				return 0, 0, specErr(name, "[%d][%d] is %v, expected a finite number of magnitude ≤ %v", i, j, v, MaxAbsValue)
			}
		}
	}
	return len(m), cols, nil
}

// dense copies a checked matrix into a new mat.Dense.
func dense(m [][]float64) *mat.Dense {
	d := mat.NewDense(len(m), len(m[0]), nil)
	for i, row := range m {
		copy(d.RawRowView(i), row)
	}
	return d
}
