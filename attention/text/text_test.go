package text

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

var tokenizeTests = []struct {
	name string
	in   string
	want []string
}{
	{"empty", "", nil},
	{"whitespace only", " \t\n\u00a0\u3000 ", nil},
	{"English", "The cat sat on the mat.", []string{"The", "cat", "sat", "on", "the", "mat", "."}},
	{"case kept", "Attention IS all", []string{"Attention", "IS", "all"}},
	{"apostrophes", "Don't say 'no', dogs' rock'n'roll it’s", []string{"Don't", "say", "'", "no", "'", ",", "dogs", "'", "rock'n'roll", "it’s"}},
	{"hyphens", "state-of-the-art - dit-il -x y-", []string{"state-of-the-art", "-", "dit-il", "-", "x", "y", "-"}},
	{"middle dot", "col·lecció", []string{"col·lecció"}},
	{"accents", "naïve café e\u0301", []string{"naïve", "café", "e\u0301"}},
	{"Chinese", "注意力机制很重要", []string{"注", "意", "力", "机", "制", "很", "重", "要"}},
	{"Chinese punctuation", "你好，世界！", []string{"你", "好", "，", "世", "界", "！"}},
	{"Japanese", "注意力は重要です。カタカナーとひらがな", []string{"注", "意", "力", "は", "重", "要", "です", "。", "カタカナー", "とひらがな"}},
	{"Korean", "한국어 문장입니다", []string{"한국어", "문장입니다"}},
	{"mixed", "GPT模型2024年 uses attention机制.", []string{"GPT", "模", "型", "2024", "年", "uses", "attention", "机", "制", "."}},
	{"Thai run", "ไทยภาษา", []string{"ไทยภาษา"}},
	{"Cyrillic and Greek", "Внимание — αβγ", []string{"Внимание", "—", "αβγ"}},
	{"fullwidth", "１２３ ＡＢＣ", []string{"１２３", "ＡＢＣ"}},
	{"numbers", "123 3.14 1,000 v1.2 4th 1.2.3", []string{"123", "3.14", "1,000", "v1.2", "4th", "1.2.3"}},
	{"number edges", "-5 .5 3. 1, 2 end.Next e.g.", []string{"-", "5", ".", "5", "3", ".", "1", ",", "2", "end", ".", "Next", "e", ".", "g", "."}},
	{"superscript", "x² ½", []string{"x²", "½"}},
	{"currency", "$100 €5 5%", []string{"$", "100", "€", "5", "5", "%"}},
	{"HTML img", "<img src=x onerror=alert(1)>", []string{"<", "img", "src", "=", "x", "onerror", "=", "alert", "(", "1", ")", ">"}},
	{"HTML script", "</script>", []string{"<", "/", "script", ">"}},
	{"quotes", `"a" «b»`, []string{`"`, "a", `"`, "«", "b", "»"}},
	{"ZWJ family", "👨‍👩‍👧", []string{"👨‍👩‍👧"}},
	{"skin tone", "👍🏽👍", []string{"👍🏽", "👍"}},
	{"flags", "🇫🇷🇩🇪🇮", []string{"🇫🇷", "🇩🇪", "🇮"}},
	{"keycaps", "1️⃣ #️⃣*⃣ 11️⃣", []string{"1️⃣", "#️⃣", "*⃣", "1", "1️⃣"}},
	{"variation selector", "❤️ ❤", []string{"❤️", "❤"}},
	{"rainbow flag", "🏳️‍🌈", []string{"🏳️‍🌈"}},
	{"runner", "🏃🏽‍♀️", []string{"🏃🏽‍♀️"}},
	{"tag flag", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", []string{"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"}},
	{"emoji after word", "hi👋there", []string{"hi", "👋", "there"}},
	{"whitespace kinds", "a\tb\nc\u00a0d\u3000e\r\nf\u2028g\u200bh\u2009i", []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}},
	{"controls dropped", "ab\x00cd\x7fe\u0085f\x1b[0m", []string{"ab", "cd", "e", "f", "[", "0m"}},
	{"format characters dropped", "\ufeffword \u200d \u200e\u202ex", []string{"word", "x"}},
	{"zero-width joiner inside a word", "a\u200db", []string{"a\u200db"}},
	{"lone combining mark", "\u0301x", []string{"\u0301", "x"}},
	{"invalid UTF-8", "a\xff\xfeb\xc3", []string{"a", "\uFFFD", "b", "\uFFFD"}},
	{"invalid byte after a ZWJ", "$\u200d\xf0", []string{"$", "\uFFFD"}}, // found by FuzzTokenize
	{"genuine U+FFFD", "a\uFFFDb", []string{"a", "\uFFFD", "b"}},
	{"unassigned emoji", "\U0001FAE9\u200d\U0001FAE9", []string{"\U0001FAE9\u200d\U0001FAE9"}},
}

func TestTokenize(t *testing.T) {
	for _, tt := range tokenizeTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Tokenize(tt.in)
			if err != nil {
				t.Fatalf("Tokenize(%q): %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Tokenize(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestTokenizeLimit(t *testing.T) {
	exact := strings.Repeat("w ", MaxTokens)
	got, err := Tokenize(exact)
	if err != nil || len(got) != MaxTokens {
		t.Fatalf("%d tokens: got %d tokens, error %v; want %d, nil", MaxTokens, len(got), err, MaxTokens)
	}
	for _, over := range []string{
		strings.Repeat("w ", MaxTokens+1),
		strings.Repeat("注", MaxTokens+1),
		strings.Repeat(".", MaxTokens+1),
		strings.Repeat("\xff.", MaxTokens),
	} {
		got, err := Tokenize(over)
		if !errors.Is(err, ErrTooManyTokens) || got != nil {
			t.Errorf("Tokenize(%.20q…): %d tokens, error %v; want none and ErrTooManyTokens", over, len(got), err)
		}
	}
	const msg = "text has more than 128 tokens; the limit is 128"
	if ErrTooManyTokens.Error() != msg {
		t.Errorf("error message %q, want %q", ErrTooManyTokens, msg)
	}
}

// TestTokenizeHuge checks that a 10 MB paste of too many tokens is
// rejected, and that 10 MB without tokens, or in one token, is scanned in
// linear time. That the rejection reads no further than it needs is
// TestTokenizeStopsEarly's (Linux).
func TestTokenizeHuge(t *testing.T) {
	const size = 10 << 20
	cases := []struct {
		name    string
		in      string
		wantErr bool
	}{
		{"words", strings.Repeat("word ", size/5), true},
		{"ideographs", strings.Repeat("注意力", size/9), true},
		{"emoji", strings.Repeat("👨‍👩‍👧", size/18), true},
		{"spaces", strings.Repeat(" ", size), false},
		{"one word", strings.Repeat("a", size), false},
		{"invalid bytes", strings.Repeat("\xff", size), false},
	}
	for _, c := range cases {
		start := time.Now()
		_, err := Tokenize(c.in)
		elapsed := time.Since(start)
		if (err != nil) != c.wantErr {
			t.Errorf("%s: error %v, want error %v", c.name, err, c.wantErr)
		}
		if elapsed > 5*time.Second {
			t.Errorf("%s: 10 MB took %v", c.name, elapsed)
		}
	}
}

// checkTokens checks the invariants FuzzTokenize relies on.
func checkTokens(t *testing.T, s string, tokens []string, err error) {
	t.Helper()
	if err != nil {
		if !errors.Is(err, ErrTooManyTokens) || tokens != nil {
			t.Fatalf("Tokenize(%q) = %q, %v", s, tokens, err)
		}
		return
	}
	if len(tokens) > MaxTokens {
		t.Fatalf("Tokenize(%q): %d tokens", s, len(tokens))
	}
	// Every token is found, in order and without overlap, in the input with
	// each run of invalid bytes replaced by U+FFFD.
	clean, pos := strings.ToValidUTF8(s, "\uFFFD"), 0
	for i, tok := range tokens {
		if tok == "" {
			t.Fatalf("Tokenize(%q): token %d is empty", s, i)
		}
		if !utf8.ValidString(tok) {
			t.Fatalf("Tokenize(%q): token %d %q is not valid UTF-8", s, i, tok)
		}
		for _, r := range tok {
			if isSeparator(r) {
				t.Fatalf("Tokenize(%q): token %d %q holds the separator %U", s, i, tok, r)
			}
		}
		j := strings.Index(clean[pos:], tok)
		if j < 0 {
			t.Fatalf("Tokenize(%q): token %d %q is not in the input after byte %d", s, i, tok, pos)
		}
		pos += j + len(tok)
	}
}

func FuzzTokenize(f *testing.F) {
	for _, tt := range tokenizeTests {
		f.Add(tt.in)
	}
	f.Add(strings.Repeat("a ", MaxTokens+1))
	f.Add("1\ufe0f\u20e3\u20e3\ufe0f#")
	f.Add("🇫\u200d🇷")
	f.Fuzz(func(t *testing.T, s string) {
		tokens, err := Tokenize(s)
		checkTokens(t, s, tokens, err)
		again, err2 := Tokenize(s)
		if !reflectEqual(tokens, again) || (err == nil) != (err2 == nil) {
			t.Fatalf("Tokenize(%q) is not deterministic", s)
		}
	})
}

func reflectEqual(a, b []string) bool { return reflect.DeepEqual(a, b) }
