package export

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/attention"
)

// latexEscapes are LaTeX's special characters in text, and | < > (which the
// default OT1 font encoding typesets as other glyphs), with what typesets
// each as itself.
var latexEscapes = strings.NewReplacer(
	`&`, `\&`, `%`, `\%`, `$`, `\$`, `#`, `\#`, `_`, `\_`, `{`, `\{`, `}`, `\}`,
	`~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`, `\`, `\textbackslash{}`,
	`|`, `\textbar{}`, `<`, `\textless{}`, `>`, `\textgreater{}`,
)

// EscapeLaTeX returns s as LaTeX text that typesets as s: the specials
// & % $ # _ { } ~ ^ \ and | < > escaped, and characters that are not printable
// (controls, line breaks) replaced by '?' (see Printable); "" is "{}".
func EscapeLaTeX(s string) string {
	if s == "" {
		return "{}"
	}
	return latexEscapes.Replace(Printable(s))
}

// WriteLaTeX writes matrix m of res as a LaTeX bmatrix (amsmath), one query
// per row, one key per column, every weight with 3 decimals. Comments above
// it say which matrix it is and list the query and key tokens, escaped with
// EscapeLaTeX and separated by " & ", ready to be pasted as a header row.
// Above 10 keys it raises amsmath's MaxMatrixCols to the number of keys.
// Tokens in scripts other than Latin (Chinese, emoji) need XeLaTeX or
// LuaLaTeX with a font that has them.
func WriteLaTeX(w io.Writer, res *attention.Result, m Matrix) error {
	rows, err := matrix(res, m)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("% attention weights, " + m.title(len(res.Heads)) + ": rows are queries, columns keys (needs amsmath)\n")
	bw.WriteString("% queries: " + joinEscaped(res.Tokens) + "\n")
	bw.WriteString("% keys: " + joinEscaped(keyTokens(res)) + "\n")
	if cols := len(keyTokens(res)); cols > 10 {
		// amsmath's matrices have at most 10 columns unless told otherwise.
		bw.WriteString("\\setcounter{MaxMatrixCols}{" + strconv.Itoa(cols) + "}\n")
	}
	bw.WriteString("\\begin{bmatrix}\n")
	for i, row := range rows {
		for j, v := range row {
			if j > 0 {
				bw.WriteString(" & ")
			}
			bw.WriteString(strconv.FormatFloat(v, 'f', 3, 64))
		}
		if i < len(rows)-1 {
			bw.WriteString(` \\`)
		}
		bw.WriteString("\n")
	}
	bw.WriteString("\\end{bmatrix}\n")
	return bw.Flush()
}

func joinEscaped(tokens []string) string {
	esc := make([]string, len(tokens))
	for i, t := range tokens {
		esc[i] = EscapeLaTeX(t)
	}
	return strings.Join(esc, " & ")
}
