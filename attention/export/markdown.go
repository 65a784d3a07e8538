package export

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/attention"
)

// markdownEscapes are the characters that could make markup of a token in a
// table cell (emphasis, code, links, HTML, entities, strike-through, math,
// the cell's end), each escaped with a backslash.
var markdownEscapes = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`,
	`<`, `\<`, `>`, `\>`, `|`, `\|`, `~`, `\~`, `&`, `\&`, `$`, `\$`,
)

// EscapeMarkdown returns s as the text of a Markdown (CommonMark with GitHub's
// tables) table cell that shows s: the characters of markup and | escaped
// with a backslash, and characters that are not printable (controls, line
// breaks) replaced by '?' (see Printable). A token that is a URL may still
// be shown as a link by renderers that link bare URLs (GitHub's); its text is
// the token.
func EscapeMarkdown(s string) string {
	return markdownEscapes.Replace(Printable(s))
}

// WriteMarkdown writes matrix m of res as a Markdown table: a line that says
// which matrix it is, a blank line, then a header row of the key tokens, and
// one row per query, its token first, every weight with 3 decimals and
// aligned right. Tokens are escaped with EscapeMarkdown.
func WriteMarkdown(w io.Writer, res *attention.Result, m Matrix) error {
	rows, err := matrix(res, m)
	if err != nil {
		return err
	}
	keys := keyTokens(res)
	bw := bufio.NewWriter(w)
	bw.WriteString("Attention weights, " + m.title(len(res.Heads)) + ": rows are queries, columns keys.\n\n")
	bw.WriteString(`| query \\ key |`)
	for _, k := range keys {
		bw.WriteString(" " + EscapeMarkdown(k) + " |")
	}
	bw.WriteString("\n| :--- |" + strings.Repeat(" ---: |", len(keys)) + "\n")
	for i, row := range rows {
		bw.WriteString("| " + EscapeMarkdown(res.Tokens[i]) + " |")
		for _, v := range row {
			bw.WriteString(" " + strconv.FormatFloat(v, 'f', 3, 64) + " |")
		}
		bw.WriteString("\n")
	}
	return bw.Flush()
}
