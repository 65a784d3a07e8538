package state

import (
	"bytes"
	"cmp"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/attention"
)

// The "matrices" view takes its input as matrices typed or pasted as text
// (MatricesViewID, app/views/matrices_view.go). This file holds what does not need a
// browser: the worked example, reading and writing the text grids, checking
// a draft, importing spec JSON and carrying the spec in a link.

// Limits of the matrices view, below the engine's own (attention.MaxTokens,
// …): what a page can show, and a browser tab compute on every keystroke.
const (
	MaxMatrixTokens    = 64        // rows of x
	maxMatrixDModel    = 64        // columns of x
	MaxMatrixWidth     = 256       // columns of wq, wk, wv (all heads together) and of wo
	MaxMatrixHeads     = 16        // heads
	MaxMatrixTextBytes = 256 << 10 // the text of one matrix box
	MaxMatrixSpecBytes = 1 << 20   // spec JSON read by the import box, a file or a link
	MaxMatricesLink    = 8 << 10   // the spec's part of a link (m=…), in bytes
	MinMatrixTemp      = attention.MinTemperature
	MaxMatrixTemp      = 1e6
)

// GridFields are the matrices of a spec, in the order the view shows them,
// by their JSON names.
var GridFields = []string{"x", "wq", "wk", "wv", "wo"}

// MatricesExample is the view's worked example, a textbook one (Raimi
// Karim's "Illustrated: Self-Attention"): three tokens of four numbers, one
// head of width three.
var MatricesExample = func() *attention.Spec {
	t, on := 1.0, true
	return &attention.Spec{
		Tokens: []string{"I", "like", "cats"},
		X: [][]float64{
			{1, 0, 1, 0},
			{0, 2, 0, 2},
			{1, 1, 1, 1},
		},
		Wq: [][]float64{
			{1, 0, 1},
			{1, 0, 0},
			{0, 0, 1},
			{0, 1, 1},
		},
		Wk: [][]float64{
			{0, 0, 1},
			{1, 1, 0},
			{0, 1, 0},
			{1, 1, 0},
		},
		Wv: [][]float64{
			{0, 2, 0},
			{0, 3, 0},
			{1, 0, 3},
			{1, 1, 0},
		},
		Heads:       1,
		Mask:        "none",
		Scale:       &on,
		Temperature: &t,
	}
}()

// matricesExampleJSON returns the canonical JSON of MatricesExample. It is
// made on first use, not at start-up: the JSON encoder that reflection
// builds for a Spec costs time before the first render, and only the
// matrices view needs it.
var matricesExampleJSON = sync.OnceValue(func() string {
	b, err := json.Marshal(MatricesExample)
	if err != nil {
		panic(err)
	}
	return string(b)
})

// matricesCache holds the spec of the last State.Matrices read: the page
// asks for it on every run.
var matricesCache struct {
	sync.Mutex
	json string
	spec *attention.Spec
}

// MatricesSpec returns the spec of js, a State.Matrices: the example for "".
// The spec is shared: the caller must not change it.
func MatricesSpec(js string) *attention.Spec {
	if js == "" {
		return MatricesExample
	}
	matricesCache.Lock()
	defer matricesCache.Unlock()
	if matricesCache.spec != nil && matricesCache.json == js {
		return matricesCache.spec
	}
	var s attention.Spec
	if err := json.Unmarshal([]byte(js), &s); err != nil {
		// State.Matrices is checked JSON: only a programmer could get here.
		panic(fmt.Sprintf("matrices: State.Matrices does not decode: %v", err))
	}
	matricesCache.json, matricesCache.spec = js, &s
	return &s
}

// CanonicalMatrices returns the State.Matrices of a checked spec: its
// compact JSON, or "" when it is the example.
func CanonicalMatrices(s *attention.Spec) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // a checked spec holds only finite numbers
	}
	if string(b) == matricesExampleJSON() {
		return ""
	}
	return string(b)
}

// An InputError says what is wrong with the view's input and where: Field is
// the box at fault ("x", "wq", …, "tokens", "heads", "valid",
// "temperature", "json" for the import box, "" for the whole), Key and Args
// the message, in every language.
type InputError struct {
	Field string
	Key   string
	Args  []any
	Inner *InputError // if not nil, the error of a box that Key's message quotes
}

// Message returns the error in lang.
func (e *InputError) Message(lang string) string {
	if e.Inner != nil {
		if label := FieldLabel(lang, e.Inner.Field); label != "" {
			return i18n.Tf(lang, e.Key, i18n.Tf(lang, "mx.err.label", label, e.Inner.Message(lang)))
		}
		return i18n.Tf(lang, e.Key, e.Inner.Message(lang))
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if p, ok := a.(engineProblem); ok {
			a = p.in(lang)
		}
		args[i] = a
	}
	return i18n.Tf(lang, e.Key, args...)
}

func NewInputError(field, key string, args ...any) *InputError {
	return &InputError{Field: field, Key: key, Args: args}
}

// FieldLabel names a box of the view for an error message.
func FieldLabel(lang, field string) string {
	switch field {
	case "x":
		return "X"
	case "wq", "wk", "wv", "wo":
		return "W" + field[1:]
	case "":
		return ""
	}
	return i18n.T(lang, "mx."+field)
}

// A MatrixDraft is the view's input as the user has typed it.
type MatrixDraft struct {
	Tokens      string
	Grids       map[string]string // by GridFields
	Heads       string
	Mask        string // "none" or "causal"
	Valid       string // "" for every token
	Scale       bool
	Temperature string
}

// boxToken is token t as the tokens box, which spaces separate, can hold:
// its spaces as "_" ("New York" is New_York, a tokenizer's " the" _the),
// and "_" for an empty token.
func boxToken(t string) string {
	if t == "" {
		return "_"
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return '_'
		}
		return r
	}, t)
}

// DraftOf returns the draft that shows s.
func DraftOf(s *attention.Spec) MatrixDraft {
	boxed := make([]string, len(s.Tokens))
	for i, t := range s.Tokens {
		boxed[i] = boxToken(t)
	}
	d := MatrixDraft{
		Tokens: strings.Join(boxed, " "),
		Grids:  map[string]string{},
		Heads:  strconv.Itoa(max(s.Heads, 1)),
		Mask:   "none",
		Scale:  s.Scale == nil || *s.Scale,
	}
	if s.Mask == "causal" {
		d.Mask = "causal"
	}
	if s.Valid != nil {
		d.Valid = strconv.Itoa(*s.Valid)
	}
	d.Temperature = "1"
	if s.Temperature != nil {
		d.Temperature = strconv.FormatFloat(*s.Temperature, 'g', -1, 64)
	}
	for _, f := range GridFields {
		d.Grids[f] = FormatGrid(SpecGrid(s, f))
	}
	return d
}

// SpecGrid returns the matrix field of s.
func SpecGrid(s *attention.Spec, field string) [][]float64 {
	switch field {
	case "x":
		return s.X
	case "wq":
		return s.Wq
	case "wk":
		return s.Wk
	case "wv":
		return s.Wv
	case "wo":
		return s.Wo
	}
	panic("matrices: no matrix " + field)
}

// FormatGrid writes m as text: a line per row, the numbers right-aligned in
// columns, each in the shortest form that reads back as the same float64.
func FormatGrid(m [][]float64) string {
	if len(m) == 0 {
		return ""
	}
	cells := make([][]string, len(m))
	var widths []int
	for i, row := range m {
		cells[i] = make([]string, len(row))
		for j, v := range row {
			s := strconv.FormatFloat(v, 'g', -1, 64)
			if s == "-0" {
				s = "0"
			}
			cells[i][j] = s
			if j >= len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], len(s))
		}
	}
	var b strings.Builder
	for i, row := range cells {
		if i > 0 {
			b.WriteByte('\n')
		}
		for j, s := range row {
			if j > 0 {
				b.WriteString("  ")
			}
			b.WriteString(strings.Repeat(" ", widths[j]-len(s)))
			b.WriteString(s)
		}
	}
	return b.String()
}

// gridRune turns what a textbook, a phone keyboard or an input method
// types into what ParseGrid reads: the minus sign, full-width commas and
// semicolons, and wide spaces. (A switch, not a strings.Replacer, which is
// slow to build at its first use, the switch into the matrices view:
// docs/performance.md, "Stories moved out of code comments".)
func gridRune(r rune) rune {
	switch r {
	case '−':
		return '-'
	case '，', '、':
		return ','
	case '；':
		return ';'
	case '\u00a0', '\u3000':
		return ' '
	}
	return r
}

// ParseGrid reads a matrix typed or pasted as text: a row per line (or
// rows separated by ';'), numbers separated by spaces, tabs or commas, as a
// spreadsheet copies them; or nested brackets, as NumPy or JSON print them
// ([[1, 2], [3, 4]]; a row then ends at ']'). Blank lines are skipped.
// Empty text gives nil. Rows and columns in the errors count from 1.
func ParseGrid(field, text string) ([][]float64, *InputError) {
	if len(text) > MaxMatrixTextBytes {
		return nil, NewInputError(field, "mx.err.tooLong", MaxMatrixTextBytes>>10)
	}
	text = strings.Map(gridRune, text)
	var rows []string
	if strings.Contains(text, "[") {
		rows = strings.FieldsFunc(text, func(r rune) bool { return r == ']' || r == ';' })
	} else {
		rows = strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' || r == ';' })
	}
	var m [][]float64
	for _, line := range rows {
		nums := strings.FieldsFunc(line, func(r rune) bool {
			return r == ' ' || r == '\t' || r == ',' || r == '[' || r == '\n' || r == '\r'
		})
		if len(nums) == 0 {
			continue
		}
		i := len(m) + 1
		row := make([]float64, len(nums))
		for j, s := range nums {
			v, err := strconv.ParseFloat(s, 64)
			switch {
			case err != nil && errors.Is(err, strconv.ErrRange):
				return nil, NewInputError(field, "mx.err.range", i, j+1, Clip(s))
			case err != nil || strings.ContainsAny(s, "_xXpP"):
				return nil, NewInputError(field, "mx.err.number", i, j+1, Clip(s))
			case math.IsNaN(v) || math.IsInf(v, 0):
				return nil, NewInputError(field, "mx.err.finite", i, j+1, Clip(s))
			case math.Abs(v) > attention.MaxAbsValue:
				return nil, NewInputError(field, "mx.err.big", i, j+1, Clip(s))
			}
			row[j] = v
		}
		if len(m) > 0 && len(row) != len(m[0]) {
			return nil, NewInputError(field, "mx.err.ragged", i, len(row), len(m[0]))
		}
		m = append(m, row)
	}
	return m, nil
}

// Clip shortens what the user typed for an error message.
func Clip(s string) string {
	if utf8.RuneCountInString(s) <= 24 {
		return s
	}
	r := []rune(s)
	return string(r[:24]) + "…"
}

// Check turns the draft into a spec, checked by the view's limits and then
// by the engine (attention.Spec.Resolve). The error names the box at fault.
func (d MatrixDraft) Check() (*attention.Spec, *InputError) {
	grids, err := d.parseGrids()
	if err != nil {
		return nil, err
	}
	heads, err := d.parseHeads()
	if err != nil {
		return nil, err
	}
	if err := checkShapes(grids, heads); err != nil {
		return nil, err
	}
	n := len(grids["x"])
	tokens, err := d.parseTokens(n)
	if err != nil {
		return nil, err
	}
	valid, err := d.parseValid(n)
	if err != nil {
		return nil, err
	}
	temp, err := d.parseTemperature()
	if err != nil {
		return nil, err
	}
	mask := "none"
	if d.Mask == "causal" {
		mask = "causal"
	}
	scale := d.Scale
	s := &attention.Spec{
		Tokens: tokens,
		X:      grids["x"], Wq: grids["wq"], Wk: grids["wk"], Wv: grids["wv"], Wo: grids["wo"],
		Heads:       heads,
		Mask:        mask,
		Valid:       valid,
		Scale:       &scale,
		Temperature: &temp,
	}
	if _, err := s.Resolve(); err != nil {
		return nil, engineErr(err)
	}
	return s, nil
}

// parseGrids reads the draft's matrices, by GridFields: every one but Wo
// (optional) given.
func (d MatrixDraft) parseGrids() (map[string][][]float64, *InputError) {
	grids := map[string][][]float64{}
	for _, f := range GridFields {
		m, err := ParseGrid(f, d.Grids[f])
		if err != nil {
			return nil, err
		}
		if m == nil && f != "wo" {
			return nil, NewInputError(f, "mx.err.empty")
		}
		grids[f] = m
	}
	return grids, nil
}

// parseHeads reads the draft's number of heads, 1 to MaxMatrixHeads.
func (d MatrixDraft) parseHeads() (int, *InputError) {
	heads, err := strconv.Atoi(strings.TrimSpace(d.Heads))
	if err != nil || heads < 1 || heads > MaxMatrixHeads {
		return 0, NewInputError("heads", "mx.err.heads", MaxMatrixHeads)
	}
	return heads, nil
}

// checkShapes checks the shapes of grids (parseGrids) against the view's
// limits and each other, for heads heads.
func checkShapes(grids map[string][][]float64, heads int) *InputError {
	x := grids["x"]
	n, dModel := len(x), len(x[0])
	switch {
	case n > MaxMatrixTokens:
		return NewInputError("x", "mx.err.tooManyRows", n, MaxMatrixTokens)
	case dModel > maxMatrixDModel:
		return NewInputError("x", "mx.err.tooManyCols", dModel, maxMatrixDModel)
	}
	for _, f := range []string{"wq", "wk", "wv", "wo"} {
		m := grids[f]
		if m == nil {
			continue
		}
		if c := len(m[0]); c > MaxMatrixWidth {
			return NewInputError(f, "mx.err.tooManyCols", c, MaxMatrixWidth)
		}
		if f == "wo" {
			continue
		}
		if len(m) != dModel {
			return NewInputError(f, "mx.err.rows", dModel, len(m))
		}
		if c := len(m[0]); c%heads != 0 {
			return NewInputError(f, "mx.err.split", c, heads)
		}
	}
	if q, k := len(grids["wq"][0]), len(grids["wk"][0]); q != k {
		return NewInputError("wk", "mx.err.wkWidth", k, q)
	}
	if wo := grids["wo"]; wo != nil && len(wo) != len(grids["wv"][0]) {
		return NewInputError("wo", "mx.err.woRows", len(grids["wv"][0]), len(wo))
	}
	return nil
}

// parseTokens reads the draft's tokens, n of them or none (nil: the engine
// names them t0, t1, …).
func (d MatrixDraft) parseTokens(n int) ([]string, *InputError) {
	tokens := strings.Fields(d.Tokens)
	if len(tokens) == 0 {
		tokens = nil // the engine names them t0, t1, …
	} else if len(tokens) != n {
		return nil, NewInputError("tokens", "mx.err.tokens", len(tokens), n)
	}
	for _, t := range tokens {
		if utf8.RuneCountInString(t) > 40 {
			return nil, NewInputError("tokens", "mx.err.tokenLong", Clip(t), 40)
		}
	}
	return tokens, nil
}

// parseValid reads the draft's number of valid tokens, 0 to n, or nil for
// every token.
func (d MatrixDraft) parseValid(n int) (*int, *InputError) {
	v := strings.TrimSpace(d.Valid)
	if v == "" {
		return nil, nil
	}
	k, err := strconv.Atoi(v)
	if err != nil || k < 0 || k > n {
		return nil, NewInputError("valid", "mx.err.valid", n)
	}
	return &k, nil
}

// parseTemperature reads the draft's temperature, MinMatrixTemp to
// MaxMatrixTemp; 1 when the box is empty.
func (d MatrixDraft) parseTemperature() (float64, *InputError) {
	t := strings.TrimSpace(d.Temperature)
	if t == "" {
		return 1, nil
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || !(v >= MinMatrixTemp && v <= MaxMatrixTemp) {
		return 0, NewInputError("temperature", "mx.err.temperature", strconv.FormatFloat(MinMatrixTemp, 'g', -1, 64), strconv.FormatFloat(MaxMatrixTemp, 'g', -1, 64))
	}
	return v, nil
}

// engineErr reports an error of the engine at the box it names.
func engineErr(err error) *InputError {
	field := ""
	var se *attention.SpecError
	if errors.As(err, &se) {
		field, _, _ = strings.Cut(se.Field, ",")
		switch field {
		case "x", "wq", "wk", "wv", "wo", "tokens", "heads", "valid", "temperature":
		default:
			field = ""
		}
	}
	return NewInputError(field, "mx.err.engine", engineArg(err))
}

// engineArg is err as an InputError's argument: the engine's problem in
// the message's language where err is one (engineProblem).
func engineArg(err error) any {
	var se *attention.SpecError
	if errors.As(err, &se) {
		return engineProblem{se}
	}
	return err.Error()
}

// An engineProblem is an InputError's argument that says the engine's
// problem in the message's language (app/i18n/engine.go), where that has
// its format, and in English otherwise.
type engineProblem struct{ err *attention.SpecError }

func (p engineProblem) in(lang string) string {
	e := p.err
	key := "engine." + e.Format
	if lang == i18n.LangEN || !i18n.Has(lang, key) {
		return e.Error()
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if w, ok := a.(attention.JSONKind); ok && i18n.Has(lang, "engine.arg."+string(w)) {
			a = i18n.T(lang, "engine.arg."+string(w))
		}
		args[i] = a
	}
	problem := i18n.Tf(lang, key, args...)
	if e.Field == "" {
		return problem
	}
	return e.Field + ": " + problem
}

// ParseImport reads spec JSON as the import box, a file or a link gives it:
// a spec of testdata/reference/README.md in matrix mode, or a whole
// reference case ({"name", "spec", "expected"}), whose spec it takes.
// Weights the spec leaves out are generated (from its seed) as the engine
// does, and written out; the spec must then fit the view's limits.
func ParseImport(data []byte) (*attention.Spec, *InputError) {
	if len(data) > MaxMatrixSpecBytes {
		return nil, NewInputError("json", "mx.err.importSize", MaxMatrixSpecBytes>>10)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, NewInputError("json", "mx.err.importEmpty")
	}
	var probe map[string]json.RawMessage
	if json.Unmarshal(data, &probe) == nil {
		_, hasX := probe["x"]
		_, hasText := probe["text"]
		if spec, ok := probe["spec"]; ok && !hasX && !hasText {
			data = spec
		}
	}
	if err := jsonSyntax(data); err != nil {
		return nil, err
	}
	s, err := attention.ParseSpec(data)
	if err != nil {
		if words := importWords(data); words != nil {
			return nil, words
		}
		return nil, NewInputError("json", "mx.err.import", engineArg(err))
	}
	if s.Text != nil {
		return nil, NewInputError("json", "mx.err.importText")
	}
	if s.X != nil {
		// Check the sizes before the engine generates any weights.
		if n, c := len(s.X), len(s.X[0]); n > MaxMatrixTokens || c > maxMatrixDModel {
			return nil, NewInputError("json", "mx.err.importLarge", n, c, MaxMatrixTokens, maxMatrixDModel)
		}
	}
	in, err := s.Resolve()
	if err != nil {
		return nil, NewInputError("json", "mx.err.import", engineArg(err))
	}
	t, scale := in.Options.Temperature, in.Options.Scale
	mask := "none"
	if in.Options.Causal {
		mask = "causal"
	}
	out := &attention.Spec{
		Tokens: s.Tokens,
		X:      s.X,
		Wq:     OrRows(s.Wq, in.Wq),
		Wk:     OrRows(s.Wk, in.Wk),
		Wv:     OrRows(s.Wv, in.Wv),
		Wo:     s.Wo,
		Heads:  in.Heads, Mask: mask, Valid: s.Valid, Scale: &scale, Temperature: &t,
	}
	// Through the draft, as if typed: the view's limits, and a spec the
	// boxes show exactly.
	checked, ierr := DraftOf(out).Check()
	if ierr != nil {
		return nil, &InputError{Field: "json", Key: "mx.err.importField", Inner: ierr}
	}
	return checked, nil
}

// OrRows returns given, or else the rows of m.
func OrRows(given [][]float64, m *mat.Dense) [][]float64 {
	if given != nil {
		return given
	}
	r, _ := m.Dims()
	rows := make([][]float64, r)
	for i := range rows {
		rows[i] = append([]float64(nil), m.RawRowView(i)...)
	}
	return rows
}

// ExportJSON writes s as spec JSON for people: a key per line, a matrix row
// per line.
func ExportJSON(s *attention.Spec) string {
	var b strings.Builder
	b.WriteString("{\n")
	first := true
	field := func(key string, v any) {
		if !first {
			b.WriteString(",\n")
		}
		first = false
		fmt.Fprintf(&b, "  %q: ", key)
		if m, ok := v.([][]float64); ok {
			b.WriteString("[\n")
			for i, row := range m {
				enc, _ := json.Marshal(row)
				b.WriteString("    ")
				b.Write(bytes.ReplaceAll(enc, []byte(","), []byte(", ")))
				if i < len(m)-1 {
					b.WriteByte(',')
				}
				b.WriteByte('\n')
			}
			b.WriteString("  ]")
			return
		}
		enc, _ := json.Marshal(v)
		b.Write(enc)
	}
	if s.Tokens != nil {
		field("tokens", s.Tokens)
	}
	for _, f := range GridFields {
		if m := SpecGrid(s, f); m != nil {
			field(f, m)
		}
	}
	field("heads", max(s.Heads, 1))
	field("mask", cmp.Or(s.Mask, "none"))
	if s.Valid != nil {
		field("valid", *s.Valid)
	}
	field("scale", s.Scale == nil || *s.Scale)
	t := 1.0
	if s.Temperature != nil {
		t = *s.Temperature
	}
	field("temperature", t)
	b.WriteString("\n}\n")
	return b.String()
}

// The link carries the matrices as m=z<base64url of the raw DEFLATE of
// their JSON>, or m= for the example. A spec whose m would not fit the link
// (MaxMatricesLink, and the rest of the link within maxLinkBytes) is left
// out: the link then opens the example, and the view says so and offers
// export instead.

var linkCache struct {
	sync.Mutex
	json, enc string
}

// encodeMatricesLink is the link field of State.Matrices.
func encodeMatricesLink(s *State) string {
	if s.Matrices == "" {
		return ""
	}
	enc := deflateLink(s.Matrices)
	budget := min(MaxMatricesLink, maxLinkBytes-2048-len(url.QueryEscape(s.Text))-len(url.QueryEscape(s.Text2)))
	if len(enc) > budget {
		return ""
	}
	return enc
}

// MatricesLinkFits reports whether the link of s carries its matrices.
func MatricesLinkFits(s State) bool {
	return s.Matrices == "" || encodeMatricesLink(&s) != ""
}

func deflateLink(js string) string {
	linkCache.Lock()
	defer linkCache.Unlock()
	if linkCache.json == js {
		return linkCache.enc
	}
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err == nil {
		_, err = io.WriteString(w, js)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		panic(err) // writing to a bytes.Buffer does not fail
	}
	linkCache.json, linkCache.enc = js, "z"+base64.RawURLEncoding.EncodeToString(buf.Bytes())
	return linkCache.enc
}

// decodeMatricesLink reads the link field m.
func decodeMatricesLink(s *State, v string) error {
	if v == "" {
		s.Matrices = ""
		return nil
	}
	if len(v) > MaxMatricesLink {
		return fmt.Errorf("%d bytes, at most %d", len(v), MaxMatricesLink)
	}
	b64, ok := strings.CutPrefix(v, "z")
	if !ok {
		return errors.New("unknown format")
	}
	packed, err := base64.RawURLEncoding.DecodeString(b64)
	if err != nil {
		return err
	}
	js, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(packed)), MaxMatrixSpecBytes+1))
	if err != nil {
		return err
	}
	spec, ierr := ParseImport(js)
	if ierr != nil {
		return errors.New(ierr.Message(i18n.LangEN))
	}
	s.Matrices = CanonicalMatrices(spec)
	return nil
}
