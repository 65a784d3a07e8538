package page

import (
	"net/url"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestTeachLinkByHand opens a teacher's tour at a step from a link that
// names no view: the step's page, in the link's language; a copied link,
// which names its view, keeps its own page.
func TestTeachLinkByHand(t *testing.T) {
	tour := url.QueryEscape(state.EncodeTeach(state.TeachTour{Steps: []state.TeachStep{
		{Link: "view=attention", Note: "one"},
		{Link: "view=pipeline&causal=1&text=a+b+c", Note: "two"},
	}}))
	p := &Page{}
	p.open("teach="+tour+"&tstep=2&lang=zh-Hans&present=1", state.DefaultState(i18n.LangEN))
	if s := p.state; s.View != "pipeline" || !s.Causal || s.Text != "a b c" || s.TeachStep != 2 || s.Lang != i18n.LangZH || !s.Present || p.notice != "" {
		t.Errorf("step 2 by hand: %+v, notice %q", s, p.notice)
	}
	p = &Page{}
	p.open("view=attention&teach="+tour+"&tstep=2", state.DefaultState(i18n.LangEN))
	if s := p.state; s.View != "attention" || s.Causal || s.TeachStep != 2 {
		t.Errorf("a link that names its view: %+v", s)
	}
}

// TestEditedLink edits a link in the address bar as OnNav reads it (against
// State.EditedBase): what it leaves out keeps what the page shows, the
// sentence typed among it; in a guided or a teacher's tour, the edit leaves
// the tour and applies (it once jumped back to the tour's step).
func TestEditedLink(t *testing.T) {
	def := state.DefaultState(i18n.LangEN)
	p := &Page{}
	p.open("text=my+own+words&heads=4&view=compare", def)
	p.open("view=pipeline", p.state.EditedBase())
	if s := p.state; s.Text != "my own words" || s.Heads != 4 || s.View != "pipeline" || p.notice != "" {
		t.Errorf("#view=pipeline edited in: %+v, notice %q", s, p.notice)
	}
	tour := url.QueryEscape(state.EncodeTeach(state.TeachTour{Steps: []state.TeachStep{
		{Link: "view=attention&text=a+b+c", Note: "one"},
		{Link: "view=pipeline&heads=1&text=a+b+c", Note: "two"},
	}}))
	for _, link := range []string{"teach=" + tour + "&tstep=2", "view=tour&step=7"} {
		p := &Page{}
		p.open(link, def)
		p.open("text=hello+world&heads=4", p.state.EditedBase())
		if s := p.state; s.Text != "hello world" || s.Heads != 4 || s.TeachStep != 0 || s.View == state.TourViewID {
			t.Errorf("%.30s, then text and heads edited in: %+v", link, s)
		}
	}
}
