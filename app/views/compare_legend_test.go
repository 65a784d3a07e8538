package views

import (
	"html"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestCompareLegends checks that each difference says what its colours
// mean in its own terms: A and B for the two sentences, without and with
// the mask for the masks (which said "A" and "B", names it does not show).
func TestCompareLegends(t *testing.T) {
	for _, lang := range i18n.Langs {
		s := state.DefaultState(lang)
		s.View = state.CompareViewID
		v := &CompareView{Props: propsOf(t, s, compute.NeedComparison)}
		page := html.UnescapeString(render(t, v))
		for _, c := range []struct{ id, key string }{{"compare-diff", "compare.maxdiff"}, {"compare-maskdiff", "compare.maxmask"}} {
			at := strings.Index(page, `id="`+c.id+`"`)
			if at < 0 {
				t.Fatalf("%s: no #%s", lang, c.id)
			}
			figure, _, _ := strings.Cut(page[at:], "</figure>")
			before, after, _ := strings.Cut(i18n.T(lang, c.key), "%s") // around the largest difference
			if !strings.Contains(figure, before) || !strings.Contains(figure, after) {
				t.Errorf("%s: #%s's figure lacks its legend %q", lang, c.id, i18n.T(lang, c.key))
			}
		}
	}
}
