//go:build !wasm

package e2e

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	appstate "github.com/attnviz/attnviz/app/state"
)

// englishWord finds a run of three or more Latin letters: an English word,
// or a name quoted from the tour (englishOutside tells them apart).
var englishWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// TestMyTourErrorsZh checks that a bad tour file, a damaged tour link and a
// step that cannot be shown say why in Chinese on the Chinese page.
func TestMyTourErrorsZh(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openEditor(s.URL() + "#view=mytour&lang=zh-Hans")
	for name, c := range map[string]struct{ data, want string }{
		"extra.json":  {`{"kind":"attnviz-tour","steps":[],"run":"x"}`, "字段“run”"},
		"syntax.json": {`{"kind": }`, "第 1 行第 10 列"},
		"kind.json":   {`{"kind":"other","steps":[]}`, "类型是“other”"},
	} {
		tb.loadTourFile(t, name, []byte(c.data))
		tb.waitFor("the message of "+name, `!!document.querySelector("#teach-file-error")`, 10*time.Second)
		msg := eval[string](tb, `document.querySelector("#teach-file-error").textContent`)
		if !strings.Contains(msg, c.want) || englishOutside(msg, "run", "kind", "other", "attnviz", "tour", "JSON") != "" {
			t.Errorf("%s: %q, want %q and no English", name, msg, c.want)
		}
		t.Logf("%s: %s", name, msg)
		tb.loadTourFile(t, "good.json", []byte(`{"kind":"attnviz-tour","steps":[]}`))
		tb.waitFor("the good file", `!!document.querySelector("#teach-loaded")`, 10*time.Second)
	}

	tour := appstate.EncodeTeach(appstate.TeachTour{Steps: []appstate.TeachStep{
		{Link: "view=nowhere", Note: "a"},
		{Link: "view=attention&run=1", Note: "b"},
		{Link: "view=attention", Note: "c"},
	}})
	tb.open(s.URL() + "#view=attention&lang=zh-Hans&teach=" + url.QueryEscape(tour) + "&tstep=3")
	tb.checkPlaying(3, "attention", "c")
	notes := eval[[]string](tb, `[...document.querySelectorAll("#teach-bar .teach-skip")].map(p => p.textContent)`)
	if len(notes) != 2 || !strings.Contains(notes[0], "没有“nowhere”这个视图") || !strings.Contains(notes[1], "设置“run”") ||
		englishOutside(strings.Join(notes, " "), "nowhere", "run") != "" {
		t.Errorf("the skipped steps' notes: %q", notes)
	}
	t.Logf("skipped: %q", notes)
	tb.shot("mytour-errors-zh")
	tb.checkClean("a tour's errors in Chinese")
}

// englishOutside returns the first English word of text that is not one of
// quoted, or "".
func englishOutside(text string, quoted ...string) string {
	for _, w := range englishWord.FindAllString(text, -1) {
		if !strings.Contains(strings.Join(quoted, " "), w) {
			return w
		}
	}
	return ""
}
