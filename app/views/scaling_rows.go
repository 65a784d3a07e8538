package views

import (
	"math"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// rowStatsTable is the scaling view's table of each row's largest weight
// and entropy (#row-stats), as one element of HTML (app.Raw): go-app mounts
// and compares one node, not a JavaScript object for each of the table's
// elements, which at 128 tokens made a paste's longest task (measured:
// docs/performance.md, "Stories moved out of code comments").
func rowStatsTable(lang string, tokens []string, stats []compute.RowStat) app.UI {
	n := len(tokens)
	var b strings.Builder
	b.Grow(200 + 190*n)
	b.WriteString(`<table id="row-stats" class="stats"><thead><tr>`)
	for _, k := range []string{"term.query", "scaling.max", "scaling.entropy"} {
		b.WriteString(`<th scope="col">` + chart.EscapeHTML(i18n.T(lang, k)) + `</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	full := math.Log(float64(n))
	for i := range min(n, len(stats)) {
		b.WriteString(`<tr><th scope="row" class="token-cell">` + chart.EscapeHTML(tokens[i]) + `</th>`)
		statCell(&b, stats[i].Max, 1)
		statCell(&b, stats[i].Entropy, full)
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	return app.Raw(b.String())
}

// statCell writes a table cell of v to 3 decimals beside a bar of v out of
// full (--f, the share of the bar's track that web/app.css draws).
func statCell(b *strings.Builder, v, full float64) {
	b.WriteString(`<td class="num"><span class="bar" aria-hidden="true" style="--f: ` + barFraction(v, full) + `"></span><span>`)
	b.WriteString(strconv.FormatFloat(v, 'f', 3, 64) + `</span></td>`)
}

// barFraction is v out of full, between 0 and 1, to 3 decimals.
func barFraction(v, full float64) string {
	f := 0.0
	if full > 0 {
		f = max(0, min(1, v/full))
	}
	return strconv.FormatFloat(f, 'f', 3, 64)
}
