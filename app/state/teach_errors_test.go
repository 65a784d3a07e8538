package state

import (
	"errors"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

// TestTeachErrorsInLang checks that a bad tour file, link or step says
// what is wrong in the page's language, and is still a tour error.
func TestTeachErrorsInLang(t *testing.T) {
	files := map[string]struct{ data, en, zh string }{
		"syntax": {`{"kind": }`, "line 1, column 10", "第 1 行第 10 列"},
		"field":  {`{"kind":"attnviz-tour","steps":[],"run":"x"}`, "“run”", "字段“run”"},
		"type":   {`{"kind":"attnviz-tour","steps":"x"}`, "“steps”", "“steps”类型不对"},
		"kind":   {`{"kind":"other","steps":[]}`, "“other”", "类型是“other”"},
		"more":   {`{"kind":"attnviz-tour","steps":[]} {}`, "more than one", "不止一个"},
		"utf8":   {"\xff", "UTF-8", "统一码"},
		"empty":  {" \n", "the file is empty", "文件是空的"},
	}
	for name, c := range files {
		_, err := ParseTeach([]byte(c.data))
		if !errors.Is(err, ErrTeach) {
			t.Errorf("%s: %v is not a tour error", name, err)
			continue
		}
		if en, zh := ErrorIn(err, i18n.LangEN), ErrorIn(err, i18n.LangZH); !strings.Contains(en, c.en) || !strings.Contains(zh, c.zh) || en == zh {
			t.Errorf("%s: %q in English, %q in Chinese; want %q and %q in them", name, en, zh, c.en, c.zh)
		}
	}
	if _, err := DecodeTeach("!!!"); !strings.Contains(ErrorIn(err, i18n.LangZH), "链接中的导览已损坏") {
		t.Errorf("a damaged link: %v", err)
	}
	steps := map[string]string{
		"view=attention&run=1": "“run”",
		"heads=99":             "“heads”",
		"heads=8&d=12":         "互相矛盾",
	}
	for link, want := range steps {
		_, err := StepState(link, i18n.LangZH)
		if got := ErrorIn(err, i18n.LangZH); err == nil || !strings.Contains(got, want) {
			t.Errorf("step %q: %v (%q), want %q in Chinese", link, err, got, want)
		}
	}
}
