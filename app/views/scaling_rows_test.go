package views

import (
	"math"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestRowStatsTable checks the scaling view's table of the rows' statistics,
// written as HTML: one row a token, the token escaped, each number to 3
// decimals beside its bar (the largest weight out of 1, the entropy out of
// log n).
func TestRowStatsTable(t *testing.T) {
	tokens := []string{"<b>", "a&b"}
	stats := []compute.RowStat{{Max: 1, Entropy: math.Log(2)}, {Max: 0.5, Entropy: 0}}
	got := app.HTMLString(rowStatsTable(i18n.LangEN, tokens, stats))
	for _, want := range []string{
		`<table id="row-stats" class="stats">`,
		`<th scope="row" class="token-cell">&lt;b&gt;</th>`,
		`<th scope="row" class="token-cell">a&amp;b</th>`,
		`style="--f: 1.000"></span><span>1.000</span>`,
		`style="--f: 1.000"></span><span>0.693</span>`,
		`style="--f: 0.500"></span><span>0.500</span>`,
		`style="--f: 0.000"></span><span>0.000</span>`,
		`<th scope="col">` + i18n.T(i18n.LangEN, "scaling.entropy") + `</th>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the table lacks %s:\n%s", want, got)
		}
	}
	if n := strings.Count(got, `<th scope="row"`); n != 2 {
		t.Errorf("%d rows, want 2", n)
	}
	if strings.Contains(got, "<b>") {
		t.Errorf("a token's markup is not escaped:\n%s", got)
	}
}
