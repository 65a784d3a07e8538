package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestBadLinkKeepsLanguage checks that a link with a setting the page
// cannot use opens the default view, with its notice, in the language the
// link asks for, not in the visitor's earlier or the browser's: a Chinese
// class's link with one mistyped setting once opened in English.
func TestBadLinkKeepsLanguage(t *testing.T) {
	for _, link := range []string{
		"heads=3&lang=zh-Hans", "lang=zh-Hans&view=nope", "view=learn&lr=1e9&lang=zh-Hans",
		"lang=zh-Hans&text=" + "word+word&cross=1&text2=&view=compare",
	} {
		p := &Page{}
		p.open(link, state.DefaultState(i18n.LangEN))
		if p.notice == "" || p.state.Lang != i18n.LangZH || p.state.Text != state.DefaultState(i18n.LangZH).Text {
			t.Errorf("%s: notice %q, language %q, sentence %q; want the notice, in Chinese, on the Chinese example",
				link, p.notice, p.state.Lang, p.state.Text)
		}
	}
	for _, link := range []string{"heads=3", "heads=3&lang=fr", "heads=3&lang=zh-Hans&lang=en"} {
		p := &Page{}
		p.open(link, state.DefaultState(i18n.LangEN))
		if p.notice == "" || p.state.Lang != i18n.LangEN {
			t.Errorf("%s: notice %q, language %q; want the notice in the visitor's English", link, p.notice, p.state.Lang)
		}
	}
}
