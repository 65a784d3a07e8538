package views

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/text"
)

// TestPresetSentences checks that each preset, in each language, is what
// its lesson needs: a sentence the engine takes, the cat and the mat, the
// pronoun, Chinese, a word twice, and a paragraph near the token limit.
func TestPresetSentences(t *testing.T) {
	for _, lang := range i18n.Langs {
		tokens := map[string][]string{}
		for _, id := range PresetIDs {
			tk, err := text.Tokenize(PresetText(lang, id))
			if err != nil || len(tk) < 2 {
				t.Fatalf("%s %s: %d tokens, %v", lang, id, len(tk), err)
			}
			tokens[id] = tk
		}
		words := map[string][2]string{i18n.LangEN: {"cat", "mat"}, i18n.LangZH: {"猫", "垫"}}[lang]
		if !slices.Contains(tokens["cat"], words[0]) || !slices.Contains(tokens["cat"], words[1]) {
			t.Errorf("%s cat: tokens %q lack %q", lang, tokens["cat"], words)
		}
		it := map[string]string{i18n.LangEN: "it", i18n.LangZH: "它"}[lang]
		if !slices.Contains(tokens["it"], it) {
			t.Errorf("%s it: tokens %q lack %q", lang, tokens["it"], it)
		}
		han := 0
		for _, r := range PresetText(lang, "chinese") {
			if unicode.Is(unicode.Han, r) {
				han++
			}
		}
		if han < 5 {
			t.Errorf("%s chinese: %d Han characters", lang, han)
		}
		if !repeats(tokens["repeat"]) {
			t.Errorf("%s repeat: no word twice in %q", lang, tokens["repeat"])
		}
		if n := len(tokens["long"]); n < text.MaxTokens*85/100 || n > text.MaxTokens {
			t.Errorf("%s long: %d tokens, want near the limit of %d", lang, n, text.MaxTokens)
		}
	}
}

// repeats reports whether a word (not punctuation, not "the") comes twice.
func repeats(tokens []string) bool {
	seen := map[string]bool{}
	for _, tk := range tokens {
		w := strings.ToLower(tk)
		if w == "the" || !unicode.IsLetter([]rune(w)[0]) {
			continue
		}
		if seen[w] {
			return true
		}
		seen[w] = true
	}
	return false
}

// TestPresetsPressed checks that there is a button per preset, and that
// the preset of the sentence shown is pressed.
func TestPresetsPressed(t *testing.T) {
	s := state.DefaultState(i18n.LangZH)
	html := render(t, &Presets{State: s, Set: noSet})
	if n := strings.Count(html, "data-preset="); n != len(PresetIDs) {
		t.Fatalf("%d preset buttons, want %d: %s", n, len(PresetIDs), html)
	}
	if strings.Count(html, `aria-pressed="false"`) != len(PresetIDs) {
		t.Errorf("a preset is pressed for the example sentence: %s", html)
	}
	s.Text = PresetText(i18n.LangZH, "it")
	html = render(t, &Presets{State: s, Set: noSet})
	var pressed []string
	for _, b := range strings.Split(html, "<button")[1:] {
		tag, _, _ := strings.Cut(b, ">")
		if !strings.Contains(tag, `aria-pressed="false"`) {
			id := regexp.MustCompile(`data-preset="(\w+)"`).FindStringSubmatch(tag)
			pressed = append(pressed, id[1])
		}
	}
	if !slices.Equal(pressed, []string{"it"}) {
		t.Errorf("pressed %q, want only the preset \"it\": %s", pressed, html)
	}
}
