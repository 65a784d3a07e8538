package page

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestCrossEmptySecondSentence checks #error when cross-attention's second
// sentence is emptied: the page's own words in the page's language, with
// no formatting debris and none of the engine's ("text_kv").
func TestCrossEmptySecondSentence(t *testing.T) {
	for _, lang := range i18n.Langs {
		p, _ := loadPage(t)
		p.set(app.Context{}, app.Event{}, func(s *state.State) {
			s.Lang, s.View, s.Cross, s.Text2 = lang, state.CompareViewID, true, "the cat"
		})
		p.set(app.Context{}, app.Event{}, func(s *state.State) { s.Text2 = "" })
		m := regexp.MustCompile(`<p[^>]*id="error"[^>]*>([^<]+)</p>`).FindStringSubmatch(rerender(p))
		if m == nil || m[1] != i18n.T(lang, "cross.empty") || strings.Contains(m[1], "%!") {
			t.Errorf("%s: #error %q, want %q", lang, m, i18n.T(lang, "cross.empty"))
		}
	}
}
