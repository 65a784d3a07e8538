package i18n

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var verb = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)

// TestMessages checks that every key has a text in every language, with the
// same fmt verbs.
func TestMessages(t *testing.T) {
	keys := map[string]bool{}
	for _, lang := range Langs {
		if messages[lang] == nil {
			t.Fatalf("no messages for %s", lang)
		}
		for k := range messages[lang] {
			keys[k] = true
		}
	}
	for k := range keys {
		en := messages[LangEN][k]
		for _, lang := range Langs {
			s, ok := messages[lang][k]
			if !ok || strings.TrimSpace(s) == "" {
				t.Errorf("%s: no text for %q", lang, k)
				continue
			}
			if got, want := verb.FindAllString(s, -1), verb.FindAllString(en, -1); !slices.Equal(got, want) {
				t.Errorf("%s %q: verbs %v, English has %v", lang, k, got, want)
			}
		}
	}
	if len(messages) != len(Langs) {
		t.Errorf("messages has %d languages, Langs %d", len(messages), len(Langs))
	}
}

// TestKeysUsed checks that every message key the code of app/… names
// exists: T returns a missing key as is, which no other test would notice.
func TestKeysUsed(t *testing.T) {
	prefixes := map[string]bool{}
	for k := range messages[LangEN] {
		prefixes[strings.SplitN(k, ".", 2)[0]] = true
	}
	files, err := filepath.Glob("../*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	literal := regexp.MustCompile(`"([a-z]+)\.([a-zA-Z.]+)"`)
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || filepath.Base(filepath.Dir(f)) == "i18n" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
			if !prefixes[m[1]] {
				continue
			}
			found++
			key := m[1] + "." + m[2]
			if strings.HasSuffix(key, ".") { // a prefix: "view." + id
				continue
			}
			if _, ok := messages[LangEN][key]; !ok {
				t.Errorf("%s names the message %q, which does not exist", f, key)
			}
		}
	}
	if found < 20 {
		t.Errorf("found %d message keys in the code; the pattern has gone stale", found)
	}
}

func TestT(t *testing.T) {
	if got := T(LangZH, "term.query"); got != "查询" {
		t.Errorf(`T(zh, "term.query") = %q`, got)
	}
	if got := T("fr", "term.key"); got != "key" {
		t.Errorf(`T(fr, "term.key") = %q, want the English`, got)
	}
	if got := T(LangEN, "no.such.key"); got != "no.such.key" {
		t.Errorf("T of a missing key = %q, want the key", got)
	}
	if got := Tf(LangZH, "head.n", 2); got != "头 2" {
		t.Errorf(`Tf(zh, "head.n", 2) = %q`, got)
	}
}

func TestParseLang(t *testing.T) {
	for tag, want := range map[string]string{
		"en": LangEN, "en-GB": LangEN, "EN-us": LangEN,
		"zh": LangZH, "zh-Hans": LangZH, "zh-CN": LangZH, "zh_CN": LangZH, "zh-Hans-CN": LangZH, "zh-SG": LangZH,
		"zh-TW": "", "zh-Hant": "", "fr": "", "": "", "<script>": "",
	} {
		got, ok := ParseLang(tag)
		if got != want || ok != (want != "") {
			t.Errorf("ParseLang(%q) = %q, %v; want %q", tag, got, ok, want)
		}
	}
}
