package export

import (
	"bufio"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// Row and column labels of the text format are truncated to these widths.
const (
	maxRowName = 16
	maxColName = 6
)

// shades are the heatmap's characters, from weight 0 up.
var shades = []string{" ", "░", "▒", "▓", "█"}

// Shade returns the text format's heatmap character of weight v in [0, 1]:
// blank for 0 (masked), then one of ░ ▒ ▓ █ for each quarter of (0, 1].
func Shade(v float64) string {
	if v <= 0 {
		return shades[0]
	}
	return shades[min(4, max(1, int(math.Ceil(v*4))))]
}

// WriteText writes the text format of cmd/attn -format text: a line that
// describes the problem, then for each head and for the mean a table of the
// weights (queries down, keys across, labels truncated to fit, every value
// with 3 decimals) with each row's heatmap, two characters per key; then,
// when res has gradients, a table of each. spec gives the seed and
// positional encoding of a text-mode result for the first line; nil leaves
// them out. Labels are made Printable.
func WriteText(w io.Writer, res *attention.Result, spec *attention.Spec) error {
	names, weights, err := heatmaps(res)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	rows, rowWidth := labels(res.Tokens, len("query \\ key"), maxRowName)
	cols, colWidth := labels(keyTokens(res), len("0.000"), maxColName)
	bw.WriteString(describe(res, spec) + "\n")
	if res.XKV != nil {
		bw.WriteString("rows: queries (tokens); columns: keys (tokens_kv); each row sums to 1 over the keys it may attend to\n")
	} else {
		bw.WriteString("rows: queries; columns: keys; each row sums to 1 over the keys it may attend to\n")
	}
	bw.WriteString("heatmap: blank = 0 (masked), ░ ≤ 0.25 < ▒ ≤ 0.5 < ▓ ≤ 0.75 < █ ≤ 1\n")
	for h, m := range weights {
		if names[h] == "mean" {
			bw.WriteString("\nmean of the " + strconv.Itoa(len(res.Heads)) + " heads\n")
		} else {
			bw.WriteString("\nhead " + names[h] + "\n")
		}
		bw.WriteString(Fit("query \\ key", rowWidth, false))
		for _, c := range cols {
			bw.WriteString(" " + Fit(c, colWidth, true))
		}
		bw.WriteString("\n")
		for i, row := range m {
			writeTextRow(bw, rows[i], rowWidth, row, colWidth)
		}
	}
	if res.Grad != nil {
		keyRows, keyWidth := labels(keyTokens(res), len("query \\ key"), maxRowName)
		writeGradients(bw, res.Grad, axis{rows, rowWidth}, axis{keyRows, keyWidth})
	}
	return bw.Flush()
}

// labels returns the Printable forms of tokens and the width of their
// column: the widest label, at least least and at most most.
func labels(tokens []string, least, most int) ([]string, int) {
	out, w := make([]string, len(tokens)), least
	for i, tok := range tokens {
		out[i] = Printable(tok)
		w = max(w, min(most, Width(out[i])))
	}
	return out, w
}

// writeTextRow writes one query's row of weights and its heatmap.
func writeTextRow(w *bufio.Writer, label string, labelWidth int, row []float64, colWidth int) {
	w.WriteString(Fit(label, labelWidth, false))
	for _, v := range row {
		w.WriteString(" " + Fit(strconv.FormatFloat(v, 'f', 3, 64), colWidth, true))
	}
	w.WriteString("  │")
	for _, v := range row {
		s := Shade(v)
		w.WriteString(s + s)
	}
	w.WriteString("│\n")
}

// axis is the Printable labels of a table's rows and their column's width.
type axis struct {
	labels []string
	width  int
}

// writeGradients writes, after the weights of the text format, one table
// per gradient: the rows of ∂L/∂x labelled by the queries' tokens, of
// ∂L/∂x_kv by the keys', of the weights by index; every value with four
// significant digits.
func writeGradients(w *bufio.Writer, g *attention.Gradients, queries, keys axis) {
	w.WriteString("\ngradients of L = Σ output ⊙ grad_output\n")
	for _, m := range []struct {
		name string
		m    *mat.Dense
	}{{"x", g.X}, {"x_kv", g.XKV}, {"wq", g.Wq}, {"wk", g.Wk}, {"wv", g.Wv}, {"wo", g.Wo}} {
		if m.m == nil {
			continue
		}
		labels, labelWidth := queries.labels, queries.width
		if m.name == "x_kv" {
			labels, labelWidth = keys.labels, keys.width
		} else if m.name != "x" {
			r, _ := m.m.Dims()
			labels, labelWidth = make([]string, r), len("row")
			for i := range labels {
				labels[i] = strconv.Itoa(i)
			}
		}
		writeGradient(w, m.name, m.m, labels, labelWidth)
	}
}

// writeGradient writes the table of ∂L/∂name.
func writeGradient(w *bufio.Writer, name string, m *mat.Dense, labels []string, labelWidth int) {
	r, c := m.Dims()
	cells, colWidth := make([][]string, r), len(strconv.Itoa(c-1))
	for i := range cells {
		cells[i] = make([]string, c)
		for j := range cells[i] {
			cells[i][j] = strconv.FormatFloat(m.At(i, j), 'e', 3, 64)
			colWidth = max(colWidth, len(cells[i][j]))
		}
	}
	w.WriteString("\n∂L/∂" + name + " (" + strconv.Itoa(r) + " × " + strconv.Itoa(c) + ")\n")
	w.WriteString(Fit("row", labelWidth, false))
	for j := range c {
		w.WriteString(" " + Fit(strconv.Itoa(j), colWidth, true))
	}
	w.WriteString("\n")
	for i, row := range cells {
		w.WriteString(Fit(labels[i], labelWidth, false))
		for _, v := range row {
			w.WriteString(" " + Fit(v, colWidth, true))
		}
		w.WriteString("\n")
	}
}

// describe is the first line of the text format: the problem in words. The
// mask, padding, scaling and temperature come from res.Options; the seed and
// positional encoding of a text-mode result from spec, when not nil.
func describe(res *attention.Result, spec *attention.Spec) string {
	n, m, h := len(res.Tokens), len(keyTokens(res)), len(res.Heads)
	_, dModel := res.X.Dims()
	_, dk := res.Heads[0].Q.Dims()
	opt := res.Options
	parts := []string{
		plural(n, "token"),
		plural(h, "head"),
		"d_model " + strconv.Itoa(dModel) + ", d_k " + strconv.Itoa(dk),
	}
	if res.XKV != nil {
		parts[0] = "cross-attention: " + plural(n, "query") + " × " + plural(m, "key")
	}
	if opt.Causal {
		parts = append(parts, "causal mask")
	}
	if opt.Valid < m {
		parts = append(parts, "keys from "+strconv.Itoa(opt.Valid)+" on are padding")
	}
	if opt.Scale {
		parts = append(parts, "scores ÷ √d_k")
	} else {
		parts = append(parts, "scores not scaled")
	}
	if t := opt.Temperature; t != 0 && t != 1 {
		parts = append(parts, "÷ temperature "+strconv.FormatFloat(t, 'g', -1, 64))
	}
	if res.FromText && spec != nil {
		parts = append(parts, "seed "+strconv.FormatInt(spec.Seed, 10))
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
