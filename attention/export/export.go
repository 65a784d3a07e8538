// Package export writes an attention result in the formats people take it
// away in: the result JSON of the contract (testdata/reference/README.md),
// CSV, a text table with an ASCII heatmap, a LaTeX bmatrix and a Markdown
// table. The command line (cmd/attn) and the page (compiled to WebAssembly)
// both call it, so a file saved from the page has the same bytes as the
// command's output for the same settings. It also makes the file names and
// captions of chart exports (Label).
//
// JSON, CSV and text hold every head (and their mean when there is more than
// one); LaTeX and Markdown hold one matrix, chosen with a Matrix: a head's
// index or Mean. Heads are numbered from 0 in every format, as in the JSON's
// "heads" array; only Label's captions and file names number them from 1, as
// the page does.
//
// A result whose weights are not finite (from input values too large) cannot
// be written: every writer returns an error and writes nothing.
package export

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/attention"
)

// Format is an output format; its value is the name that cmd/attn's -format
// and the page's data-export attribute use.
type Format string

// The formats.
const (
	JSON     Format = "json"     // the result in the contract's format
	CSV      Format = "csv"      // one row per head, query and key
	Text     Format = "text"     // a table of weights with an ASCII heatmap per head
	LaTeX    Format = "latex"    // a bmatrix of one matrix's weights
	Markdown Format = "markdown" // a table of one matrix's weights
)

// Formats are every format, in the order help texts list them.
var Formats = []Format{JSON, Text, CSV, LaTeX, Markdown}

// ParseFormat returns the format named s, or an error that lists the names.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("format %q, expected json, text, csv, latex or markdown", s)
}

// Extension is the file name extension of f, with its dot: ".json", ".csv",
// ".txt", ".tex" or ".md"; "" for an unknown format.
func (f Format) Extension() string {
	return map[Format]string{JSON: ".json", CSV: ".csv", Text: ".txt", LaTeX: ".tex", Markdown: ".md"}[f]
}

// MediaType is the MIME type of f's bytes (UTF-8); "" for an unknown format.
func (f Format) MediaType() string {
	return map[Format]string{
		JSON:     "application/json",
		CSV:      "text/csv; charset=utf-8",
		Text:     "text/plain; charset=utf-8",
		LaTeX:    "application/x-tex; charset=utf-8",
		Markdown: "text/markdown; charset=utf-8",
	}[f]
}

// Write writes res in format f to w. spec is the spec res was computed from:
// the text format's first line takes the seed and positional encoding of a
// text-mode result from it (nil leaves them out). m chooses the matrix of
// LaTeX and Markdown; the other formats ignore it. Nothing is written when
// res cannot be written in f.
func Write(w io.Writer, f Format, res *attention.Result, spec *attention.Spec, m Matrix) error {
	switch f {
	case JSON:
		return WriteJSON(w, res)
	case CSV:
		return WriteCSV(w, res)
	case Text:
		return WriteText(w, res, spec)
	case LaTeX:
		return WriteLaTeX(w, res, m)
	case Markdown:
		return WriteMarkdown(w, res, m)
	}
	_, err := ParseFormat(string(f))
	return err
}

// Bytes returns what Write writes.
func Bytes(f Format, res *attention.Result, spec *attention.Spec, m Matrix) ([]byte, error) {
	var buf bytes.Buffer
	if err := Write(&buf, f, res, spec, m); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteJSON writes res.MarshalJSON() and a newline: the contract's result
// format, byte for byte what cmd/attn -format json prints.
func WriteJSON(w io.Writer, res *attention.Result) error {
	data, err := res.MarshalJSON()
	if err != nil {
		return fmt.Errorf("the result cannot be written as JSON: %v", err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// Matrix chooses one weight matrix of a result: a head's index (0, 1, …) or
// Mean, the mean of the heads' weights (with one head, that head's weights).
type Matrix int

// Mean is the mean of the heads' weights.
const Mean Matrix = -1

// ParseMatrix reads a Matrix as cmd/attn's -head flag and the page's
// data-head attribute write it: "mean", or a head's index "0", "1", …
// Whether the head exists depends on the result; the writers check that.
func ParseMatrix(s string) (Matrix, error) {
	if s == "mean" {
		return Mean, nil
	}
	i, err := strconv.Atoi(s)
	if err != nil || i < 0 || strings.HasPrefix(s, "+") {
		return 0, fmt.Errorf("head %q, expected mean or a head's index 0, 1, …", s)
	}
	return Matrix(i), nil
}

// String is m as ParseMatrix reads it: "mean" or the head's index.
func (m Matrix) String() string {
	if m == Mean {
		return "mean"
	}
	return strconv.Itoa(int(m))
}

// title names m in words: "mean of the 2 heads", "head 0".
func (m Matrix) title(heads int) string {
	if m == Mean {
		if heads == 1 {
			return "the only head"
		}
		return fmt.Sprintf("mean of the %d heads", heads)
	}
	return "head " + m.String()
}

// matrix returns the weights of m in res, queries down and keys across, or an
// error when res has no such head or its weights are not finite.
func matrix(res *attention.Result, m Matrix) ([][]float64, error) {
	switch {
	case len(res.Heads) == 0:
		return nil, fmt.Errorf("the result has no heads")
	case m == Mean:
		return finite(m.String(), res.WeightsMean.At, res.WeightsMean.Dims)
	case m < 0 || int(m) >= len(res.Heads):
		valid := "0"
		if len(res.Heads) > 1 {
			valid = fmt.Sprintf("0…%d", len(res.Heads)-1)
		}
		return nil, fmt.Errorf("no head %d: the result has %s, expected %s or mean", m, plural(len(res.Heads), "head"), valid)
	}
	wts := res.Heads[m].Weights
	return finite(m.String(), wts.At, wts.Dims)
}

// finite copies a matrix given by at and dims into rows, or returns an error
// naming it when a value is NaN or ±Inf.
func finite(name string, at func(i, j int) float64, dims func() (int, int)) ([][]float64, error) {
	r, c := dims()
	rows := make([][]float64, r)
	for i := range rows {
		rows[i] = make([]float64, c)
		for j := range rows[i] {
			v := at(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("the weights of %s are not finite numbers: the input's values are too large", name)
			}
			rows[i][j] = v
		}
	}
	return rows, nil
}

// heatmaps are the matrices of the text and CSV formats: each head's, then
// their mean when there is more than one head, with their names.
func heatmaps(res *attention.Result) (names []string, weights [][][]float64, err error) {
	for h := range res.Heads {
		names = append(names, strconv.Itoa(h))
	}
	if len(res.Heads) > 1 {
		names = append(names, "mean")
	}
	for _, name := range names {
		m, _ := ParseMatrix(name)
		rows, err := matrix(res, m)
		if err != nil {
			return nil, nil, err
		}
		weights = append(weights, rows)
	}
	return names, weights, nil
}

// keyTokens are the labels of the keys (the columns of the weights):
// tokens_kv in cross-attention, the tokens otherwise. The query tokens are
// res.Tokens.
func keyTokens(res *attention.Result) []string {
	if res.XKV != nil {
		return res.TokensKV
	}
	return res.Tokens
}
