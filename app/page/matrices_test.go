package page

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestPageMatrices opens the matrices view from links: the page computes
// the link's matrices, hides the sentence, and shows the boxes; a bad m
// gives the default matrices with a notice.
func TestPageMatrices(t *testing.T) {
	data, err := os.ReadFile("../../testdata/reference/two-heads-causal.json")
	if err != nil {
		t.Fatal(err)
	}
	spec, ierr := state.ParseImport(data)
	if ierr != nil {
		t.Fatal(ierr.Message(i18n.LangEN))
	}
	s := state.State{Input: state.Input{Matrices: state.CanonicalMatrices(spec)}}
	q, err := url.ParseQuery(s.Encode())
	if err != nil {
		t.Fatal(err)
	}
	link := "view=matrices&lang=zh-Hans&m=" + url.QueryEscape(q.Get("m"))

	p := &Page{}
	p.open(link, state.DefaultState(i18n.LangEN))
	if p.notice != "" || p.state.View != state.MatricesViewID || p.res.Result == nil || len(p.res.Result.Heads) != 2 || len(p.res.Result.Tokens) != 7 {
		t.Fatalf("the link opens notice %q, view %q, result %v", p.notice, p.state.View, p.res.Result)
	}
	html := rerender(p)
	for _, want := range []string{`class="page own-input"`, `id="mx-x"`, `id="mx-wo-note"`, "你自己的矩阵"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if element(html, "error") != "" {
		t.Error("the link opens on an #error")
	}

	// Back to the sentence, the Chinese example (the link's language): its
	// result, not the matrices'.
	p.set(app.Context{}, app.Event{}, func(s *state.State) { s.View = "attention" })
	if p.res.Result.Tokens[0] != "小" {
		t.Errorf("the attention view shows the tokens %q", p.res.Result.Tokens)
	}
	p.set(app.Context{}, app.Event{}, func(s *state.State) { s.View = state.MatricesViewID })
	if len(p.res.Result.Tokens) != 7 {
		t.Errorf("the matrices view shows %d tokens", len(p.res.Result.Tokens))
	}

	p = &Page{}
	p.open("view=matrices&m=zAAAA", state.DefaultState(i18n.LangEN))
	want := state.DefaultState(i18n.LangEN)
	want.View = state.MatricesViewID
	if p.notice == "" || p.state != want {
		t.Errorf("a bad m: notice %q, state %+v", p.notice, p.state)
	}
}
