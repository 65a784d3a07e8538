// Command attn computes self- and cross-attention from the command line: the
// same math as the attention visualizer in the browser, for people who want
// numbers.
//
// Usage:
//
//	attn [flags] [spec.json]
//
// The problem is an attention spec (the JSON of testdata/reference/README.md),
// read from the file named on the command line ("-" for stdin), or else built
// from the flags when -text is given, or else read from stdin. Flags given on
// the command line override the fields of a spec file: a field's value is its
// default, replaced by the spec file's, replaced by the flag's. Flags may come
// before or after the file name.
//
//	-text string        the sentence to tokenize and embed ("text")
//	-text-kv string     cross-attention: the keys' and values' sentence ("text_kv")
//	-heads n            number of heads ("heads", default 1)
//	-d-model n          embedding width in text mode ("d_model", default 16)
//	-d-k n              query/key width per head of generated weights ("d_k",
//	                    default d_model/heads)
//	-seed n             seeds the embeddings and generated weights ("seed", default 0)
//	-causal             causal mask: a token attends only to itself and earlier
//	                    tokens ("mask": "causal"); -causal=false sets "none"
//	-valid n            keys n and after are padding, masked for every query ("valid")
//	-no-scale           do not divide the scores by √d_k ("scale": false)
//	-temperature t      divide the scores by t > 0 as well ("temperature", default 1)
//	-positional         add sinusoidal positional encoding in text mode ("positional")
//	-format f           json (default): the result in the contract format;
//	                    text: per head and for the mean, a table of weights
//	                    with an ASCII heatmap; csv: one row per head, query and
//	                    key, with a header
//
// A spec with x_kv (matrices) or text_kv (text), or -text-kv, computes
// cross-attention: queries from x or text, keys and values from the other
// sequence. The JSON then has "tokens_kv" (and "x_kv" in text mode); the
// text format's tables have the query tokens down and the key tokens
// across (n × m); the CSV's columns stay head, query, query_token, key,
// key_token, weight, with key and key_token indexing tokens_kv.
//
// A spec with grad_output (n × d_out, the output's shape) asks for the
// gradients of L = Σ output ⊙ grad_output: the JSON result then has "grad"
// ({"x", "wq", "wk", "wv", "wo"}, see testdata/reference/README.md), and the
// text format a table of each after the weights ("x_kv" too in
// cross-attention). The CSV holds the weights
// only; with grad_output, a note on stderr says so.
//
// A reference case file ({"name", "torch_checked", "spec", "expected"}, as in
// testdata/reference) is read as its spec.
//
// -text cannot be combined with a spec file that gives x (the input matrix):
// a spec gives either text or matrices.
//
// Bad input (invalid JSON, an invalid spec, an unknown flag, conflicting
// flags, a bad value) exits with status 2, one line on stderr saying what is
// wrong and nothing on stdout. A failure to write the output exits with
// status 1.
//
// Examples:
//
//	attn -text "The cat sat on the mat." -heads 2 -causal -format text
//	attn testdata/reference/two-heads-causal.json -format csv > weights.csv
//	echo '{"text": "注意力机制很重要", "heads": 2}' | attn -seed 7
//	attn -text "le chat dort" -text-kv "the cat sleeps" -heads 2 -format text
//
// The CSV writes tokens verbatim, quoted as RFC 4180 says; a spreadsheet may
// read a token that starts with =, +, - or @ (common punctuation tokens) as a
// formula.
package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK       = 0
	exitFailure  = 1 // the output could not be written
	exitBadInput = 2 // the input is wrong: nothing was written to stdout
)

// usageError is bad input: run reports it in one line and exits with status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func badInput(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// options are the command line, parsed.
type options struct {
	file   string // "" when none; "-" is stdin
	format string
	set    map[string]bool // the flags given on the command line

	text        string
	textKV      string
	heads       int
	dModel      int
	dk          int
	seed        int64
	causal      bool
	valid       int
	noScale     bool
	temperature float64
	positional  bool
}

// run is the command: args without the program name. It returns the exit
// status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, note, err := compute(args, stdin)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "attn: "+oneLine(err.Error()))
		return exitBadInput
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintln(stderr, "attn: writing the output: "+oneLine(err.Error()))
		return exitFailure
	}
	if note != "" {
		fmt.Fprintln(stderr, "attn: note: "+note)
	}
	return exitOK
}

// csvGradNote is the note of a CSV of a spec with grad_output.
const csvGradNote = "the CSV holds the weights only; -format json or text gives the gradients of grad_output"

// compute parses args, reads and runs the spec and returns the whole output,
// so that nothing is written when anything is wrong, and a note for stderr
// ("" for none).
func compute(args []string, stdin io.Reader) (out []byte, note string, err error) {
	opt, err := parseFlags(args)
	if err != nil {
		return nil, "", err
	}
	spec, err := buildSpec(opt, stdin)
	if err != nil {
		return nil, "", err
	}
	res, err := attention.Run(spec)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	switch opt.format {
	case "json":
		err = writeJSON(&buf, res)
	case "csv":
		err = writeCSV(&buf, res)
		if res.Grad != nil {
			note = csvGradNote
		}
	case "text":
		err = writeText(&buf, res, spec)
	}
	if err != nil {
		return nil, "", err
	}
	return buf.Bytes(), note, nil
}

const usage = `usage: attn [flags] [spec.json | -]

Computes self-attention of a spec (JSON, from the file, from stdin, or built
from the flags when -text is given); flags override a spec file's fields.
A spec with x_kv or text_kv (or -text-kv) computes cross-attention.

  -text string      sentence to tokenize and embed
  -text-kv string   cross-attention: the keys' and values' sentence
  -heads n          number of heads (default 1)
  -d-model n        embedding width in text mode (default 16)
  -d-k n            query/key width per head (default d_model/heads)
  -seed n           seed of embeddings and generated weights (default 0)
  -causal           causal mask (-causal=false: none)
  -valid n          keys n and after are padding
  -no-scale         do not divide the scores by √d_k
  -temperature t    divide the scores by t > 0 as well (default 1)
  -positional       add sinusoidal positional encoding (text mode)
  -format f         json (default), text or csv

A spec with grad_output also gets the gradients of Σ output ⊙ grad_output
(JSON "grad"; tables in the text format; the CSV holds the weights only).

Bad input exits with status 2 and one line on stderr.
`

// parseFlags parses the command line. Flags and the file name may come in any
// order; "--" ends the flags.
func parseFlags(args []string) (*options, error) {
	opt := &options{set: map[string]bool{}}
	fs := flag.NewFlagSet("attn", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&opt.text, "text", "", "")
	fs.StringVar(&opt.textKV, "text-kv", "", "")
	fs.IntVar(&opt.heads, "heads", 0, "")
	fs.IntVar(&opt.dModel, "d-model", 0, "")
	fs.IntVar(&opt.dk, "d-k", 0, "")
	fs.Int64Var(&opt.seed, "seed", 0, "")
	fs.BoolVar(&opt.causal, "causal", false, "")
	fs.IntVar(&opt.valid, "valid", 0, "")
	fs.BoolVar(&opt.noScale, "no-scale", false, "")
	fs.Float64Var(&opt.temperature, "temperature", 0, "")
	fs.BoolVar(&opt.positional, "positional", false, "")
	fs.StringVar(&opt.format, "format", "json", "")

	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, badInput("%v (attn -h lists the flags)", err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		// fs.Parse stops at the first argument that is not a flag, and
		// after "--": everything after "--" is a file name.
		if dashdash := len(args) > len(rest) && args[len(args)-len(rest)-1] == "--"; dashdash {
			files = append(files, rest...)
			break
		}
		files = append(files, rest[0])
		args = rest[1:]
	}
	fs.Visit(func(f *flag.Flag) { opt.set[f.Name] = true })

	switch {
	case len(files) > 1:
		return nil, badInput("%d spec files given (%s), expected at most one", len(files), strings.Join(quoteAll(files), ", "))
	case len(files) == 1:
		opt.file = files[0]
		if opt.file == "" {
			return nil, badInput("empty file name")
		}
	}
	switch opt.format {
	case "json", "csv", "text":
	default:
		return nil, badInput("-format %q, expected json, text or csv", opt.format)
	}
	// Resolve reads 0 as "the default"; on the command line 0 is a mistake.
	for _, f := range []struct {
		name string
		v    int
	}{{"heads", opt.heads}, {"d-model", opt.dModel}, {"d-k", opt.dk}} {
		if opt.set[f.name] && f.v < 1 {
			return nil, badInput("-%s %d, expected a positive integer", f.name, f.v)
		}
	}
	if opt.set["valid"] && opt.valid < 0 {
		return nil, badInput("-valid %d, expected 0 or more", opt.valid)
	}
	if opt.set["temperature"] && !(opt.temperature > 0 && !math.IsInf(opt.temperature, 1)) {
		return nil, badInput("-temperature %v, expected a finite number > 0", opt.temperature)
	}
	return opt, nil
}

func quoteAll(s []string) []string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = strconv.Quote(v)
	}
	return q
}

// buildSpec reads the spec (from the file, stdin, or nothing when -text is
// given without a file) and applies the flags given on the command line.
func buildSpec(opt *options, stdin io.Reader) (*attention.Spec, error) {
	spec := &attention.Spec{}
	name := ""
	if opt.file != "" || !opt.set["text"] {
		var data []byte
		var err error
		switch opt.file {
		case "", "-":
			name = "stdin"
			if isTerminal(stdin) {
				return nil, badInput("no spec: give a spec file, -text, or JSON on stdin (attn -h for help)")
			}
			data, err = readAll(stdin)
		default:
			name = opt.file
			var f *os.File
			if f, err = os.Open(opt.file); err == nil {
				data, err = readAll(f)
				f.Close()
			}
		}
		if err != nil {
			return nil, badInput("%s", describeReadError(name, err))
		}
		if spec, err = attention.ParseSpec(unwrapCase(data)); err != nil {
			return nil, badInput("%s: %v", name, err)
		}
	}
	if opt.set["text"] {
		if spec.X != nil {
			return nil, badInput("-text given with %s, which gives x: a spec has text or matrices, not both", name)
		}
		spec.Text = &opt.text
	}
	if opt.set["text-kv"] {
		if spec.XKV != nil {
			return nil, badInput("-text-kv given with %s, which gives x_kv: a spec has text or matrices, not both", name)
		}
		spec.TextKV = &opt.textKV
	}
	if opt.set["heads"] {
		spec.Heads = opt.heads
	}
	if opt.set["d-model"] {
		spec.DModel = opt.dModel
	}
	if opt.set["d-k"] {
		spec.DK = opt.dk
	}
	if opt.set["seed"] {
		spec.Seed = opt.seed
	}
	if opt.set["causal"] {
		spec.Mask = "none"
		if opt.causal {
			spec.Mask = "causal"
		}
	}
	if opt.set["valid"] {
		spec.Valid = &opt.valid
	}
	if opt.set["no-scale"] {
		scale := !opt.noScale
		spec.Scale = &scale
	}
	if opt.set["temperature"] {
		spec.Temperature = &opt.temperature
	}
	if opt.set["positional"] {
		spec.Positional = opt.positional
	}
	return spec, nil
}

// unwrapCase returns the spec of a reference case ({"name", "torch_checked",
// "spec", "expected"} as in testdata/reference), and data itself otherwise.
func unwrapCase(data []byte) []byte {
	var c struct {
		Spec json.RawMessage `json:"spec"`
	}
	if json.Unmarshal(data, &c) != nil || len(c.Spec) == 0 || bytes.Equal(c.Spec, []byte("null")) {
		return data
	}
	return c.Spec
}

// readAll reads r to the end, or to one byte past attention.MaxSpecBytes so
// that ParseSpec reports a spec too large without this reading it all.
func readAll(r io.Reader) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, attention.MaxSpecBytes+1))
}

// describeReadError says why the spec could not be read, without the
// operating system's wording where a plainer one exists.
func describeReadError(name string, err error) string {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Sprintf("%s: no such file", name)
	case errors.Is(err, os.ErrPermission):
		return fmt.Sprintf("%s: permission denied", name)
	}
	return fmt.Sprintf("reading %s: %v", name, err)
}

// isTerminal reports whether r is an interactive terminal, where waiting for
// a spec would look like a hang.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// oneLine makes s fit on one line of stderr.
func oneLine(s string) string {
	return strings.Join(strings.Fields(printable(strings.ReplaceAll(s, "\n", " "))), " ")
}

func writeJSON(w io.Writer, res *attention.Result) error {
	data, err := res.MarshalJSON()
	if err != nil {
		return badInput("the result cannot be written as JSON: %v", err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// keyTokens are the labels of the keys: tokens_kv in cross-attention, the
// tokens otherwise.
func keyTokens(res *attention.Result) []string {
	if res.XKV != nil {
		return res.TokensKV
	}
	return res.Tokens
}

// heatmaps are the weight matrices the text and CSV formats show: each head's,
// then their mean when there is more than one head, with their names.
func heatmaps(res *attention.Result) (names []string, weights [][][]float64, err error) {
	cols := len(keyTokens(res))
	add := func(name string, rows int, at func(i, j int) float64) error {
		m := make([][]float64, rows)
		for i := range m {
			m[i] = make([]float64, cols)
			for j := range m[i] {
				v := at(i, j)
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return badInput("the weights of %s are not finite numbers: the input's values are too large", name)
				}
				m[i][j] = v
			}
		}
		names, weights = append(names, name), append(weights, m)
		return nil
	}
	n := len(res.Tokens)
	for h, head := range res.Heads {
		if err := add(strconv.Itoa(h), n, head.Weights.At); err != nil {
			return nil, nil, err
		}
	}
	if len(res.Heads) > 1 {
		if err := add("mean", n, res.WeightsMean.At); err != nil {
			return nil, nil, err
		}
	}
	return names, weights, nil
}

// writeCSV writes head,query,query_token,key,key_token,weight rows: head is
// the head's index or "mean", query and key are token indices (key of
// tokens_kv in cross-attention), the weight is written in the shortest form
// that reads back as the same float64.
func writeCSV(w io.Writer, res *attention.Result) error {
	names, weights, err := heatmaps(res)
	if err != nil {
		return err
	}
	keys := keyTokens(res)
	cw := csv.NewWriter(w)
	cw.Write([]string{"head", "query", "query_token", "key", "key_token", "weight"})
	for h, m := range weights {
		for i, row := range m {
			for j, v := range row {
				cw.Write([]string{
					names[h],
					strconv.Itoa(i), res.Tokens[i],
					strconv.Itoa(j), keys[j],
					strconv.FormatFloat(v, 'g', -1, 64),
				})
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// shades are the heatmap's characters, from weight 0 up.
var shades = []string{" ", "░", "▒", "▓", "█"}

// shade returns the heatmap character of weight v in [0, 1]: blank for 0
// (masked), then one of ░ ▒ ▓ █ for each quarter of (0, 1].
func shade(v float64) string {
	if v <= 0 {
		return shades[0]
	}
	return shades[min(4, max(1, int(math.Ceil(v*4))))]
}

// axis is the labels of a table's rows or columns, printable, with the
// width of a row label (rowWidth) and of a column (colWidth).
type axis struct {
	labels             []string
	rowWidth, colWidth int
}

// newAxis makes the axis of tokens.
func newAxis(tokens []string) axis {
	a := axis{labels: make([]string, len(tokens)), rowWidth: len("query \\ key"), colWidth: 5} // "0.000"
	for i, tok := range tokens {
		a.labels[i] = printable(tok)
		a.rowWidth = max(a.rowWidth, min(maxRowName, width(a.labels[i])))
		a.colWidth = max(a.colWidth, min(maxColName, width(a.labels[i])))
	}
	return a
}

// writeText writes, for each head and for the mean, a table of the weights
// (queries down, keys across, token labels on both axes; in cross-attention
// the key/value side's tokens across) followed by each row's heatmap, two
// characters per key.
func writeText(w io.Writer, res *attention.Result, spec *attention.Spec) error {
	names, weights, err := heatmaps(res)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	queries, keys := newAxis(res.Tokens), newAxis(keyTokens(res))
	labels, rowWidth, colWidth := queries.labels, queries.rowWidth, keys.colWidth
	fmt.Fprintln(bw, describe(res, spec))
	if res.XKV != nil {
		fmt.Fprintln(bw, "rows: queries (tokens); columns: keys (tokens_kv); each row sums to 1 over the keys it may attend to")
	} else {
		fmt.Fprintln(bw, "rows: queries; columns: keys; each row sums to 1 over the keys it may attend to")
	}
	fmt.Fprintln(bw, "heatmap: blank = 0 (masked), ░ ≤ 0.25 < ▒ ≤ 0.5 < ▓ ≤ 0.75 < █ ≤ 1")
	for h, m := range weights {
		fmt.Fprintln(bw)
		if names[h] == "mean" {
			fmt.Fprintf(bw, "mean of the %d heads\n", len(res.Heads))
		} else {
			fmt.Fprintf(bw, "head %s\n", names[h])
		}
		fmt.Fprint(bw, fit("query \\ key", rowWidth, false))
		for _, label := range keys.labels {
			fmt.Fprint(bw, " ", fit(label, colWidth, true))
		}
		fmt.Fprintln(bw)
		for i, row := range m {
			fmt.Fprint(bw, fit(labels[i], rowWidth, false))
			for _, v := range row {
				fmt.Fprint(bw, " ", fit(strconv.FormatFloat(v, 'f', 3, 64), colWidth, true))
			}
			fmt.Fprint(bw, "  │")
			for _, v := range row {
				s := shade(v)
				fmt.Fprint(bw, s, s)
			}
			fmt.Fprintln(bw, "│")
		}
	}
	if res.Grad != nil {
		writeGradients(bw, res.Grad, queries, keys)
	}
	return bw.Flush()
}

// writeGradients writes, after the weights of the text format, one table
// per gradient: the rows of ∂L/∂x labelled by the queries' tokens, of
// ∂L/∂x_kv by the keys', of the weights by index; every value with four
// significant digits.
func writeGradients(w io.Writer, g *attention.Gradients, queries, keys axis) {
	fmt.Fprintln(w)
	fmt.Fprintln(w, "gradients of L = Σ output ⊙ grad_output")
	for _, m := range []struct {
		name string
		m    *mat.Dense
	}{{"x", g.X}, {"x_kv", g.XKV}, {"wq", g.Wq}, {"wk", g.Wk}, {"wv", g.Wv}, {"wo", g.Wo}} {
		if m.m == nil {
			continue
		}
		r, c := m.m.Dims()
		labels, labelWidth := queries.labels, queries.rowWidth
		switch m.name {
		case "x":
		case "x_kv":
			labels, labelWidth = keys.labels, keys.rowWidth
		default:
			labels, labelWidth = make([]string, r), len("row")
			for i := range labels {
				labels[i] = strconv.Itoa(i)
			}
		}
		cells, colWidth := make([][]string, r), len(strconv.Itoa(c-1))
		for i := range cells {
			cells[i] = make([]string, c)
			for j := range cells[i] {
				cells[i][j] = strconv.FormatFloat(m.m.At(i, j), 'e', 3, 64)
				colWidth = max(colWidth, len(cells[i][j]))
			}
		}
		fmt.Fprintf(w, "\n∂L/∂%s (%d × %d)\n", m.name, r, c)
		fmt.Fprint(w, fit("row", labelWidth, false))
		for j := range c {
			fmt.Fprint(w, " ", fit(strconv.Itoa(j), colWidth, true))
		}
		fmt.Fprintln(w)
		for i, row := range cells {
			fmt.Fprint(w, fit(labels[i], labelWidth, false))
			for _, v := range row {
				fmt.Fprint(w, " ", fit(v, colWidth, true))
			}
			fmt.Fprintln(w)
		}
	}
}

// describe is the first line of the text format: the problem in words.
func describe(res *attention.Result, spec *attention.Spec) string {
	n, m, h := len(res.Tokens), len(keyTokens(res)), len(res.Heads)
	_, dModel := res.X.Dims()
	_, dk := res.Heads[0].Q.Dims()
	parts := []string{
		plural(n, "token"),
		plural(h, "head"),
		fmt.Sprintf("d_model %d, d_k %d", dModel, dk),
	}
	if res.XKV != nil {
		parts[0] = fmt.Sprintf("cross-attention: %s × %s", plural(n, "query"), plural(m, "key"))
	}
	if spec.Mask == "causal" {
		parts = append(parts, "causal mask")
	}
	if spec.Valid != nil && *spec.Valid < m {
		parts = append(parts, fmt.Sprintf("keys from %d on are padding", *spec.Valid))
	}
	if spec.Scale != nil && !*spec.Scale {
		parts = append(parts, "scores not scaled")
	} else {
		parts = append(parts, "scores ÷ √d_k")
	}
	if t := spec.Temperature; t != nil && *t != 1 {
		parts = append(parts, "÷ temperature "+strconv.FormatFloat(*t, 'g', -1, 64))
	}
	if res.FromText {
		parts = append(parts, fmt.Sprintf("seed %d", spec.Seed))
		if spec.Positional {
			parts = append(parts, "positional encoding")
		}
	}
	return strings.Join(parts, " · ")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if noun == "query" {
		return strconv.Itoa(n) + " queries"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
