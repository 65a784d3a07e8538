package page

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// TestTourLinks opens links to the tour: a step written by hand gets the
// step's page state, a copied link keeps its own, and a bad step or tour
// opens the tour with its message, never the error notice of a bad link.
func TestTourLinks(t *testing.T) {
	open := func(link string, lang string) (*Page, string) {
		p := &Page{}
		p.open(link, state.DefaultState(lang))
		return p, rerender(p)
	}
	p, html := open("view=tour&step=7", i18n.LangEN)
	if s := p.state; !s.Causal || s.Text != i18n.T(i18n.LangEN, "tour.sentence") || s.Step != "7" || p.notice != "" {
		t.Errorf("step 7 by hand: %+v, notice %q", s, p.notice)
	}
	if !strings.Contains(html, i18n.T(i18n.LangEN, "tour.causal.title")) || !strings.Contains(html, `id="heatmap"`) {
		t.Errorf("step 7: no title of the causal mask, or no heatmap")
	}
	p, html = open("view=tour&lang=zh-Hans", i18n.LangEN)
	if p.state.Step != "1" || !strings.Contains(html, i18n.T(i18n.LangZH, "tour.lookup.title")) {
		t.Errorf("view=tour alone, in Chinese: step %q", p.state.Step)
	}
	p, html = open("view=tour&text=hello+there&lang=zh-Hans", i18n.LangEN) // by hand, a sentence but no step
	if p.state.Step != "1" || strings.Contains(html, `id="tour-error"`) {
		t.Errorf("view=tour with a sentence and no step: step %q, message %q", p.state.Step, element(html, "tour-error"))
	}
	p, _ = open("view=tour&step=2&text=hello+there", i18n.LangEN)
	if p.state.Text != "hello there" {
		t.Errorf("a copied link's sentence became %q", p.state.Text)
	}
	for _, link := range []string{"view=tour&step=99", "view=tour&step=0", "view=tour&tour=nonesuch&step=1"} {
		p, html := open(link, i18n.LangEN)
		if p.notice != "" || p.state.View != state.TourViewID || !strings.Contains(html, `id="tour-error"`) || !strings.Contains(html, `id="tour-start"`) {
			t.Errorf("%s: notice %q, view %q, or no message and start: %s", link, p.notice, p.state.View, element(html, "tour-error"))
		}
	}
	if p, _ := open("view=attention&step=3", i18n.LangEN); p.notice == "" {
		t.Error("a step number outside the tour opens without a notice")
	}
}

// TestTourSteps checks that every step of the tour opens in both
// languages with its view, and that leaving the tour drops its step.
func TestTourSteps(t *testing.T) {
	for _, lang := range i18n.Langs {
		for n := 1; n <= views.TourStepCount(""); n++ {
			s := state.DefaultState(lang)
			views.SwitchView(&s, state.TourViewID)
			if !views.GoToTourStep(&s, n) {
				t.Fatalf("%s: no step %d", lang, n)
			}
			p := &Page{}
			p.open(s.Encode(), state.DefaultState(lang))
			if p.notice != "" || p.state != s {
				t.Errorf("%s step %d: the link does not reopen it (notice %q)", lang, n, p.notice)
			}
			if html := rerender(p); !strings.Contains(html, `id="tour-title"`) || strings.Count(html, `class="view view-`) != 2 {
				t.Errorf("%s step %d: no title, or no view inside the tour's", lang, n)
			}
			views.SwitchView(&s, "attention")
			if s.Step != "" || s.View != "attention" {
				t.Errorf("%s step %d: left for the attention view with step %q", lang, n, s.Step)
			}
		}
	}
	if views.GoToTourStep(new(state.State), views.TourStepCount("")+1) {
		t.Error("a step past the end")
	}
}

// TestTourInLang checks that a change of language in the tour gives the
// step's sentence in the new language, and leaves other views' alone.
func TestTourInLang(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	views.SwitchView(&s, state.TourViewID)
	views.GoToTourStep(&s, 3)
	s.Lang = i18n.LangZH
	tourInLang(&s)
	if s.Text != i18n.T(i18n.LangZH, "tour.sentence") || s.Step != "3" || s.View != state.TourViewID {
		t.Errorf("the tour in Chinese: %+v", s)
	}
	o := state.DefaultState(i18n.LangEN)
	o.Lang = i18n.LangZH
	if tourInLang(&o); o.Text != state.DefaultState(i18n.LangEN).Text {
		t.Errorf("outside the tour the sentence changed to %q", o.Text)
	}
}
