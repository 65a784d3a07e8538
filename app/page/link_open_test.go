package page

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestLinkOneBadValue checks the links of the session-12 exploratory test:
// each has one value the page cannot use, and once opened the default
// attention view on the example, losing the view, the sentence and every
// good setting. Now each keeps them and the notice names the bad value.
func TestLinkOneBadValue(t *testing.T) {
	def := state.DefaultState(i18n.LangEN)
	for _, tc := range []struct {
		link, view, named string
		check             func(s state.State) bool
	}{
		{"text=a+b+c&heads=3&view=compare", "compare", "heads=3", func(s state.State) bool { return s.Text == "a b c" && s.Heads == 2 }},
		{"text=a+b+c&view=learn&task=reverse&lr=1e9", state.LearnViewID, "lr=1e9", func(s state.State) bool { return s.Task == "reverse" }},
		{"text=a+b+c&temp=0&view=scaling", "scaling", "temp=0", func(s state.State) bool { return s.Text == "a b c" }},
		{"text=a+b+c&cell=a,b&view=pipeline", "pipeline", "cell=a,b", func(s state.State) bool { return s.Text == "a b c" }},
		{"text=a+b+c&lang=fr&causal=1", def.View, "lang=fr", func(s state.State) bool { return s.Text == "a b c" && s.Causal }},
		{"text=a+b+c&cross=1&text2=&view=compare", "compare", "text2=", func(s state.State) bool {
			return s.Text == "a b c" && s.Cross && s.Text2 == def.Text2
		}},
		{"text=a+b+c&view=nope&causal=1", def.View, "view=nope", func(s state.State) bool { return s.Text == "a b c" && s.Causal }},
		{"view=learn&task=induction&layer=2", state.LearnViewID, "layer=2: the task's model has 2 layers", func(s state.State) bool { return s.Layer == 0 }},
		{"view=attention&trained=1&task=reverse&layer=5", "attention", "layer=5: the task's model has one layer; 0 is used instead", func(s state.State) bool {
			return s.Task == "reverse" && s.Trained && s.Layer == 0
		}},
		{"text=" + strings.Repeat("a+", 200) + "&view=compare", "compare", "text=a a", func(s state.State) bool { return s.Text == def.Text }},
		{"text=a+b+c&cell=5,1&view=pipeline", "pipeline", "cell=5,1: the weights shown have 3 rows; it is left out", func(s state.State) bool { return s.Text == "a b c" && !s.Cell.On }},
		// The sentence is at fault, not the second one: only it is put back.
		{"view=compare&text2=a+b&text=" + strings.Repeat("w+", 130), "compare", "text=w w", func(s state.State) bool { return s.Text == def.Text && s.Text2 == "a b" }},
	} {
		p := &Page{}
		p.open(tc.link, def)
		if p.state.View != tc.view || !tc.check(p.state) || p.res.Rejected.Key != "" {
			t.Errorf("%.50s: view %q, state %+v, rejected %q", tc.link, p.state.View, p.state, p.res.Rejected.Key)
		}
		notice := noticeText(rerender(p))
		if strings.Contains(tc.link, "text2=a+b") && strings.Contains(notice, "text2=") {
			t.Errorf("%.50s: the notice %q blames the second sentence", tc.link, notice)
		}
		if !strings.Contains(notice, tc.named) || !strings.Contains(notice, "instead") && !strings.Contains(notice, "left out") {
			t.Errorf("%.50s: the notice %q does not name %s and what is used", tc.link, notice, tc.named)
		}
	}
}

// TestLinkProblemsGone checks that a good link edited in after a bad one
// drops the bad one's notice.
func TestLinkProblemsGone(t *testing.T) {
	p := &Page{}
	p.open("heads=3", state.DefaultState(i18n.LangEN))
	p.open("heads=4", state.DefaultState(i18n.LangEN))
	if p.notice != "" || p.state.Heads != 4 {
		t.Errorf("notice %q, heads %d", p.notice, p.state.Heads)
	}
}

// TestLinkProblemsNamed checks the notice's words in both languages: the
// reason heads=3 cannot be used and the heads used instead.
func TestLinkProblemsNamed(t *testing.T) {
	for lang, want := range map[string][]string{
		i18n.LangEN: {"heads=3: d_model 16 is not a multiple of 3; 2 is used instead."},
		i18n.LangZH: {"heads=3：d_model 16 不是 3 的倍数；已改用 2。", "此链接中有些设置"},
	} {
		p := &Page{}
		p.open("heads=3&lang="+lang, state.DefaultState(i18n.LangEN))
		notice := noticeText(rerender(p))
		for _, w := range want {
			if !strings.Contains(notice, w) {
				t.Errorf("%s: the notice %q lacks %q", lang, notice, w)
			}
		}
	}
}

// noticeText returns the text of #notice in page, or "".
func noticeText(page string) string {
	m := regexp.MustCompile(`id="notice"[^>]*>\s*<span>([^<]*)</span>`).FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}
