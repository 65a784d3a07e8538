// Command attn computes self- and cross-attention from the command line: the
// same math as the attention visualizer in the browser, for people who want
// numbers.
//
// Usage:
//
//	attn [flags] [spec.json]
//	attn train -task NAME [-seed S] [-steps N] [-lr X] [-every K] [-out FILE]
//
// attn train trains the small model of package attention/model on a task
// (train.go, docs/model.md); the rest of this comment is about specs.
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
//	                    key, with a header; latex: a bmatrix of one matrix of
//	                    weights; markdown: a table of it
//	-head h             the matrix of latex and markdown: mean (default, the
//	                    mean of the heads) or a head's index 0, 1, …
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
//	attn testdata/reference/two-heads-causal.json -format latex -head 1
//	echo '{"text": "注意力机制很重要", "heads": 2}' | attn -seed 7
//	attn -text "le chat dort" -text-kv "the cat sleeps" -heads 2 -format text
//
// The formats are package export's, which the page uses too.
//
// The CSV writes tokens verbatim, quoted as RFC 4180 says; a spreadsheet may
// read a token that starts with =, +, - or @ (common punctuation tokens) as a
// formula.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/export"
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
	format export.Format
	head   export.Matrix   // the matrix of latex and markdown
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
	if len(args) > 0 && args[0] == "train" {
		return runTrain(args[1:], stdout, stderr)
	}
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
	out, err = export.Bytes(opt.format, res, spec, opt.head)
	if err != nil {
		return nil, "", err
	}
	if opt.format == export.CSV && res.Grad != nil {
		note = csvGradNote
	}
	return out, note, nil
}

const usage = `usage: attn [flags] [spec.json | -]
       attn train -task NAME [flags]   (attn train -h)

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
  -format f         json (default), text, csv, latex or markdown
  -head h           matrix of latex and markdown: mean (default) or 0, 1, …

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
	format, head := "json", "mean"
	fs.StringVar(&format, "format", format, "")
	fs.StringVar(&head, "head", head, "")

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
	var err error
	if opt.format, err = export.ParseFormat(format); err != nil {
		return nil, badInput("-%v", err)
	}
	if opt.head, err = export.ParseMatrix(head); err != nil {
		return nil, badInput("-%v", err)
	}
	if opt.set["head"] && opt.format != export.LaTeX && opt.format != export.Markdown {
		return nil, badInput("-head chooses the matrix of -format latex or markdown; -format %s writes every head", opt.format)
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
