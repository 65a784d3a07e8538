package page

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/attention/text"
)

// loadPage mounts a Page in go-app's test engine, as the server pre-renders
// it, and returns it with its HTML.
func loadPage(t *testing.T) (*Page, string) {
	t.Helper()
	e := app.NewTestEngine()
	p := &Page{}
	if err := e.Load(p); err != nil {
		t.Fatalf("Load: %v", err)
	}
	e.ConsumeAll()
	return p, app.HTMLString(p)
}

// rerender returns the HTML p renders now, after a test changed it.
func rerender(p *Page) string { return app.HTMLString(p.Render()) }

// element returns the opening tag of the element with id, or "".
func element(html, id string) string {
	return regexp.MustCompile(`<[a-z]+[^>]* id="` + regexp.QuoteMeta(id) + `"[^>]*>`).FindString(html)
}

// dataHeads returns the data-head values in html, in order.
func dataHeads(html string) []string {
	var hs []string
	for _, m := range regexp.MustCompile(`data-head="([^"]*)"`).FindAllStringSubmatch(html, -1) {
		hs = append(hs, m[1])
	}
	return hs
}

func TestPageRendersDefault(t *testing.T) {
	p, html := loadPage(t)
	def := state.DefaultState(i18n.LangEN)
	if p.state != def {
		t.Errorf("state %+v, want the default %+v", p.state, def)
	}
	if p.res.Result == nil || len(p.res.Result.Heads) != def.Heads {
		t.Fatalf("no result of %d heads for the default sentence", def.Heads)
	}

	sentence := element(html, "sentence")
	if sentence == "" || !strings.Contains(sentence, `value="`+def.Text+`"`) {
		t.Errorf("#sentence = %q, want an input holding %q", sentence, def.Text)
	}
	causal := element(html, "causal")
	if !strings.Contains(causal, `type="checkbox"`) || strings.Contains(causal, "checked") {
		t.Errorf("#causal = %q, want an unchecked checkbox", causal)
	}
	if element(html, "heads") == "" {
		t.Error("no #heads")
	}
	if got, want := dataHeads(html), []string{"0", "1", "mean"}; !slices.Equal(got, want) {
		t.Errorf("data-head values %v, want %v", got, want)
	}
	if element(html, "heatmap") == "" {
		t.Error("no #heatmap")
	}
	if element(html, "error") != "" {
		t.Error("#error present for a valid sentence")
	}
	if element(html, "notice") != "" {
		t.Error("#notice present without a link")
	}
	for _, id := range []string{"lang", "nheads", "dmodel", "seed", "positional"} {
		if element(html, id) == "" {
			t.Errorf("no #%s", id)
		}
	}
	if n := strings.Count(html, `class="thumb-chart"`); n != def.Heads+1 {
		t.Errorf("%d thumbnails, want %d heads and the mean", n, def.Heads+1)
	}
	if n := strings.Count(html, `class="heatmap-grid"`); n != 1 {
		t.Errorf("%d grids drawing the thumbnails, want 1", n)
	}
	if !strings.Contains(html, i18n.T(i18n.LangEN, "chart.loading")) {
		t.Error("the pre-rendered chart says nothing while ECharts loads")
	}
}

func TestHeadPicker(t *testing.T) {
	e := app.NewTestEngine()
	set := func(app.Context, app.Event, func(*state.State)) {}
	hp := &views.HeadPicker{Heads: 4, Selected: 2, Lang: i18n.LangEN, Set: set}
	if err := e.Load(hp); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if err := app.Match(app.Div().ID("heads").Class("segmented").Role("group").Aria("label", "Head"), hp, 0); err != nil {
		t.Errorf("#heads: %v", err)
	}
	noop := func(app.Context, app.Event) {}
	for i, key := range []string{"0", "1", "2", "3", "mean"} {
		on := key == "2"
		want := app.Button().Type("button").DataSet("head", key).Aria("pressed", on).OnClick(noop)
		if on {
			want = want.Class("on")
		}
		if err := app.Match(want, hp, 0, i); err != nil {
			t.Errorf("button %d: %v", i, err)
		}
		label := fmt.Sprintf("Head %s", key)
		if key == "2" {
			label = "Head 3"
		} else if key == "mean" {
			label = "Mean"
		} else {
			label = fmt.Sprintf("Head %d", i+1)
		}
		if err := app.Match(app.Text(label), hp, 0, i, 0); err != nil {
			t.Errorf("button %d label: %v", i, err)
		}
	}
	if err := app.Match(app.Button(), hp, 0, 5); err == nil {
		t.Error("a sixth button for four heads")
	}
}

func TestControlsOfferDivisors(t *testing.T) {
	for _, d := range state.DModelChoices {
		e := app.NewTestEngine()
		s := state.DefaultState(i18n.LangEN)
		s.DModel, s.Heads = d, 1
		c := &views.Controls{State: s, Set: func(app.Context, app.Event, func(*state.State)) {}}
		if err := e.Load(c); err != nil {
			t.Fatal(err)
		}
		e.ConsumeAll()
		// views.Controls > div > label (heads) > select
		if err := app.Match(app.Select().ID("nheads").Attr("value", "1").OnChange(func(app.Context, app.Event) {}), c, 0, 0, 1); err != nil {
			t.Fatalf("d=%d: #nheads: %v", d, err)
		}
		for i, h := range state.HeadChoices(d) {
			want := app.Option().Value(fmt.Sprint(h))
			if h == 1 {
				want = want.Selected(true)
			}
			if err := app.Match(want, c, 0, 0, 1, i); err != nil {
				t.Errorf("d=%d: option %d: %v", d, i, err)
			}
		}
		if err := app.Match(app.Option(), c, 0, 0, 1, len(state.HeadChoices(d))); err == nil {
			t.Errorf("d=%d: more options than divisors", d)
		}
		html := app.HTMLString(c)
		sel := regexp.MustCompile(`(?s)<select[^>]*id="nheads".*?</select>`).FindString(html)
		for _, m := range regexp.MustCompile(`value="(\d+)"`).FindAllStringSubmatch(sel, -1) {
			var h int
			fmt.Sscan(m[1], &h)
			if d%h != 0 {
				t.Errorf("d=%d: %d heads offered", d, h)
			}
		}
	}
}

func TestControlsCheckboxes(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Causal = true
	html := app.HTMLString(&views.Controls{State: s})
	if c := element(html, "causal"); !strings.Contains(c, " checked") {
		t.Errorf("#causal = %q, want checked", c)
	}
	if c := element(html, "positional"); strings.Contains(c, "checked") {
		t.Errorf("#positional = %q, want unchecked (no checked attribute at all)", c)
	}
}

func TestPageRejectedInput(t *testing.T) {
	p, _ := loadPage(t)
	good := p.res.Result
	rev := p.res.Rev
	p.set(app.Context{}, app.Event{}, func(s *state.State) { s.Text = strings.Repeat("word ", text.MaxTokens+1) })
	html := rerender(p)
	errElem := regexp.MustCompile(`<p[^>]*id="error"[^>]*>([^<]+)</p>`).FindStringSubmatch(html)
	if errElem == nil || !strings.Contains(errElem[1], fmt.Sprint(text.MaxTokens)) {
		t.Errorf("#error %q, want one saying the limit %d", errElem, text.MaxTokens)
	}
	if p.res.Result != good || p.res.Rev != rev {
		t.Error("the rejected input replaced the result")
	}
	if element(html, "heatmap") == "" {
		t.Error("the last valid heatmap is gone")
	}

	// Typing on until the text is valid again clears the error.
	p.set(app.Context{}, app.Event{}, func(s *state.State) { s.Text = "back to normal" })
	html = rerender(p)
	if element(html, "error") != "" {
		t.Error("#error stays after a valid input")
	}
	if got := strings.Join(p.res.Result.Tokens, " "); got != "back to normal" {
		t.Errorf("tokens %q", got)
	}
}

func TestPageEmptyText(t *testing.T) {
	p, _ := loadPage(t)
	p.set(app.Context{}, app.Event{}, func(s *state.State) { s.Text = "   " })
	html := rerender(p)
	if element(html, "error") != "" {
		t.Error("#error for empty text")
	}
	if element(html, "heatmap") != "" || strings.Contains(html, "thumb-chart") {
		t.Error("charts shown for empty text")
	}
	if !strings.Contains(html, i18n.T(i18n.LangEN, "empty.title")) {
		t.Error("no prompt for empty text")
	}
	if p.res.Result != nil {
		t.Error("result kept for empty text")
	}
}

func TestPageHostileTokens(t *testing.T) {
	p, _ := loadPage(t)
	hostile := `<img src=x onerror=alert(1)> </script><script>alert(2)</script> "quoted" 注意力 👍🏽`
	p.set(app.Context{}, app.Event{}, func(s *state.State) { s.Text = hostile })
	// The server pre-renders only the default sentence (links are read in
	// the browser), and the browser sets the input's value as a property:
	// leave #sentence out and look at the text the page shows.
	html := regexp.MustCompile(`.*id="sentence".*\n`).ReplaceAllString(rerender(p), "")
	// The only elements are the page's own, which has no <img> (the
	// picture of the first heatmap is a CSS background).
	for _, bad := range []string{"<img", "<script", "</script"} {
		if strings.Contains(html, bad) {
			t.Errorf("page HTML holds %q", bad)
		}
	}
	for _, tok := range []string{"&lt;", "img", "onerror", "script", "注", "👍🏽"} {
		if !strings.Contains(html, "<li>"+tok+"</li>") {
			t.Errorf("token %q not listed as text", tok)
		}
	}
}

func TestPageLinks(t *testing.T) {
	tests := []struct {
		name   string
		link   string
		notice bool
		check  func(s state.State) bool
	}{
		{"valid", "text=hello+world&heads=4&d=16&seed=3&causal=1&pe=1&head=3&view=attention&lang=zh-Hans", false,
			func(s state.State) bool {
				return s.Text == "hello world" && s.Heads == 4 && s.Head == 3 && s.Causal && s.Lang == i18n.LangZH
			}},
		{"malformed", "text=%zz&heads=2", true, func(s state.State) bool { return s == state.DefaultState(i18n.LangEN) }},
		{"hostile", "heads=3&d=16&view=%3Cscript%3E", true, func(s state.State) bool { return s == state.DefaultState(i18n.LangEN) }},
		{"over the token limit", "text=" + strings.Repeat("a+", text.MaxTokens+5), true,
			func(s state.State) bool { return s == state.DefaultState(i18n.LangEN) }},
		{"empty text", "text=", false, func(s state.State) bool { return s.Text == "" }},
	}
	for _, tt := range tests {
		p := &Page{}
		p.open(tt.link, state.DefaultState(i18n.LangEN))
		if !tt.check(p.state) {
			t.Errorf("%s: state %+v", tt.name, p.state)
		}
		if got := p.notice != ""; got != tt.notice {
			t.Errorf("%s: notice %q, want one: %v", tt.name, p.notice, tt.notice)
		}
		html := rerender(p)
		if element(html, "error") != "" {
			t.Errorf("%s: the link opens on an #error", tt.name)
		}
		if tt.notice && !strings.Contains(element(html, "notice"), `role="status"`) {
			t.Errorf("%s: no #notice", tt.name)
		}
	}
}

func TestPageChinese(t *testing.T) {
	p := &Page{}
	p.open("lang=zh", state.DefaultState(i18n.LangZH))
	html := rerender(p)
	for _, s := range []string{"注意力", "头 1", "因果掩码", "位置编码", "种子", state.DefaultState(i18n.LangZH).Text} {
		if !strings.Contains(html, s) {
			t.Errorf("Chinese page lacks %q", s)
		}
	}
	// Han characters are one token each, and label the chart's rows.
	if got := p.res.Result.Tokens[:2]; got[0] != "小" || got[1] != "猫" {
		t.Errorf("tokens %q", got)
	}
}

func TestSetNormalizes(t *testing.T) {
	p, _ := loadPage(t)
	p.set(app.Context{}, app.Event{}, func(s *state.State) { s.Heads, s.Head = 8, 7 })
	p.set(app.Context{}, app.Event{}, func(s *state.State) { s.DModel = 12 })
	if p.state.Heads != 6 || p.state.Head != state.HeadMean {
		t.Errorf("after d_model 12: heads %d, head %d; want 6 and the mean", p.state.Heads, p.state.Head)
	}
	if len(p.res.Result.Heads) != 6 {
		t.Errorf("result has %d heads, want 6", len(p.res.Result.Heads))
	}
	if got := dataHeads(rerender(p)); len(got) != 7 || got[6] != "mean" {
		t.Errorf("data-head %v, want 0…5 and mean", got)
	}
}

// TestPreRenderedSelects renders every view as the server pre-renders a
// page: each <select> must show its value before the wasm runs, with one
// option selected and none written selected="false", which a browser reads
// as selected (the last such option would show).
func TestPreRenderedSelects(t *testing.T) {
	p, _ := loadPage(t)
	selects := regexp.MustCompile(`(?s)<select[^>]*>(.*?)</select>`)
	selected := regexp.MustCompile(`<option[^>]*\sselected[\s>=]`)
	for _, v := range registry {
		p.set(app.Context{}, app.Event{}, func(s *state.State) { s.View = v.ID; s.Cell = state.CellRef{I: 1, J: 0, On: true} })
		html := rerender(p)
		found := selects.FindAllStringSubmatch(html, -1)
		for _, m := range found {
			if strings.Contains(m[1], `selected="false"`) {
				t.Errorf("view %s: an option is written selected=\"false\": %.120s", v.ID, m[0])
			}
			if n := len(selected.FindAllString(m[1], -1)); n != 1 {
				t.Errorf("view %s: %d options selected in %.120s", v.ID, n, m[0])
			}
		}
		t.Logf("view %s: %d selects", v.ID, len(found))
	}
}

// TestPrerenderedNothingDisabledFalse: the pre-rendered page writes no
// disabled="false" (or checked="false"), which a browser reads as
// disabled (checked): the export menu's buttons were so before the wasm.
func TestPrerenderedNothingDisabledFalse(t *testing.T) {
	_, html := loadPage(t)
	if !strings.Contains(html, `data-export="png"`) {
		t.Fatalf("the pre-rendered page has no export menu to check")
	}
	for _, bad := range []string{`disabled="false"`, `checked="false"`} {
		if n := strings.Count(html, bad); n > 0 {
			t.Errorf("the pre-rendered page has %s %d times", bad, n)
		}
	}
}
