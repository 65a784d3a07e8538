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
