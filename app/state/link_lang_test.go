package state

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

// TestLinkLang checks the language read from links, also from one whose
// other settings cannot be read.
func TestLinkLang(t *testing.T) {
	for link, want := range map[string]string{
		"#lang=zh-Hans&heads=3":      i18n.LangZH,
		"text=%E4%B8&lang=zh-Hans":   i18n.LangZH,
		"?heads=abc&lang=en":         i18n.LangEN,
		"heads=2":                    "",
		"lang=fr":                    "",
		"lang=zh-Hans&lang=en":       "",
		"":                           "",
		"lang=zh-Hans&text=" + "%ZZ": i18n.LangZH,
	} {
		if got := LinkLang(link); got != want {
			t.Errorf("LinkLang(%q) = %q, want %q", link, got, want)
		}
	}
}
