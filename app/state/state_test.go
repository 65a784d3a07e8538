package state

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

func TestHeadChoices(t *testing.T) {
	for _, d := range DModelChoices {
		hs := HeadChoices(d)
		if len(hs) == 0 || hs[0] != 1 {
			t.Errorf("HeadChoices(%d) = %v, want 1 first", d, hs)
		}
		for _, h := range hs {
			if d%h != 0 || h > MaxUIHeads {
				t.Errorf("HeadChoices(%d) offers %d", d, h)
			}
		}
	}
	for d, want := range map[int][]int{
		4:  {1, 2, 4},
		12: {1, 2, 3, 4, 6},
		16: {1, 2, 4, 8},
		24: {1, 2, 3, 4, 6, 8},
	} {
		if got := HeadChoices(d); !slices.Equal(got, want) {
			t.Errorf("HeadChoices(%d) = %v, want %v", d, got, want)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		name           string
		in             State
		heads, d, head int
	}{
		{"valid", State{Input: Input{Heads: 4, DModel: 16}, Head: 3}, 4, 16, 3},
		{"heads no longer divide d", State{Input: Input{Heads: 8, DModel: 12}, Head: 1}, 6, 12, 1},
		{"head beyond heads", State{Input: Input{Heads: 3, DModel: 12}, Head: 5}, 3, 12, HeadMean},
		{"d not offered", State{Input: Input{Heads: 2, DModel: 10}, Head: HeadMean}, 2, 16, HeadMean},
		{"fewer heads", State{Input: Input{Heads: 6, DModel: 4}, Head: 5}, 4, 4, HeadMean},
	}
	for _, tt := range tests {
		s := tt.in
		s.Normalize()
		if s.Heads != tt.heads || s.DModel != tt.d || s.Head != tt.head {
			t.Errorf("%s: Normalize(%+v) = heads %d, d %d, head %d; want %d, %d, %d",
				tt.name, tt.in, s.Heads, s.DModel, s.Head, tt.heads, tt.d, tt.head)
		}
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	states := []State{
		def,
		DefaultState(i18n.LangZH),
		{Input: Input{Text: "", Heads: 1, DModel: 4, Seed: 0}, Head: 0, View: "attention", Lang: i18n.LangEN},
		{Input: Input{Text: "a&b=c#d?e%f+g h", Heads: 8, DModel: 64, Seed: MaxSeed, Causal: true, Positional: true}, Head: 7, View: "attention", Lang: i18n.LangZH},
		{Input: Input{Text: "注意力 is 👍🏽 <img src=x onerror=alert(1)> </script>", Heads: 3, DModel: 12, Seed: 42}, Head: HeadMean, View: "attention", Lang: i18n.LangEN},
		// What a student can paste into the one-line input: control
		// characters but line breaks.
		{Input: Input{Text: "tab\there a\abell\x00\x1b\x7f", Heads: 2, DModel: 16, Seed: 1}, Head: HeadMean, View: "attention", Lang: i18n.LangEN},
		// Two texts as long as a link carries, every byte escaped.
		{Input: Input{Text: strings.Repeat("한", MaxTextBytes/3), Heads: 2, DModel: 16, Seed: 1}, Text2: strings.Repeat("국", MaxTextBytes/3), Head: HeadMean, View: "compare", Lang: i18n.LangEN},
	}
	for _, s := range states {
		link := s.Encode()
		got, err := DecodeState(link, def)
		if err != nil {
			t.Errorf("DecodeState(%q): %v", link, err)
			continue
		}
		if got != s {
			t.Errorf("DecodeState(Encode(%+v)) = %+v", s, got)
		}
		if strings.ContainsAny(link, " #<>\"") {
			t.Errorf("Encode(%+v) = %q holds characters a URL must escape", s, link)
		}
	}
}

func TestDecodeState(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	with := func(f func(*State)) State {
		s := def
		f(&s)
		return s
	}
	tests := []struct {
		name    string
		link    string
		want    State
		wantErr bool
	}{
		{"empty", "", def, false},
		{"just a hash", "#", def, false},
		{"full", "#text=hello+world&heads=4&d=16&seed=7&causal=1&pe=1&head=2&view=attention&lang=zh-Hans",
			with(func(s *State) {
				s.Text, s.Heads, s.Seed, s.Causal, s.Positional, s.Head, s.Lang = "hello world", 4, 7, true, true, 2, i18n.LangZH
				s.Text2 = DefaultState(i18n.LangZH).Text2
			}), false},
		{"query form", "?text=hi&heads=1", with(func(s *State) { s.Text, s.Heads = "hi", 1 }), false},
		{"partial", "text=%E6%B3%A8%E6%84%8F%E5%8A%9B", with(func(s *State) { s.Text = "注意力" }), false},
		// The language's example sentences, where the link gives none.
		{"lang zh", "lang=zh", with(func(s *State) {
			s.Lang, s.Text, s.Text2 = i18n.LangZH, DefaultState(i18n.LangZH).Text, DefaultState(i18n.LangZH).Text2
		}), false},
		{"lang zh and a sentence", "lang=zh&text=hi&view=compare", with(func(s *State) {
			s.Lang, s.Text, s.Text2, s.View = i18n.LangZH, "hi", DefaultState(i18n.LangZH).Text2, "compare"
		}), false},
		{"empty text", "text=", with(func(s *State) { s.Text = "" }), false},
		{"unknown keys ignored", "text=hi&utm_source=x", with(func(s *State) { s.Text = "hi" }), false},
		{"hostile text is text", "text=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
			with(func(s *State) { s.Text = "<script>alert(1)</script>" }), false},

		{"bad escape", "text=%zz", def, true},
		{"invalid UTF-8", "text=%ff%fe", def, true},
		{"control characters are text", "text=a%00b%07c%09d", with(func(s *State) { s.Text = "a\x00b\ac\td" }), false},
		{"newline", "text=a%0Ab", def, true},
		{"carriage return", "text=a%0Db", def, true},
		{"text too long", "text=" + strings.Repeat("a", MaxTextBytes+1), def, true},
		{"link too long", "x=" + strings.Repeat("a", maxLinkBytes), def, true},
		{"key twice", "text=a&text=b", def, true},
		{"heads not a number", "heads=two", def, true},
		{"heads zero", "heads=0", def, true},
		{"heads too many", "heads=16&d=64", def, true},
		{"heads do not divide d", "heads=3&d=16", def, true},
		{"d not offered", "d=10&heads=1", def, true},
		{"d huge", "d=99999999999999999999", def, true},
		{"head beyond heads", "heads=2&head=2", def, true},
		{"head negative", "head=-1", def, true},
		{"head word", "head=all", def, true},
		{"seed negative", "seed=-5", def, true},
		{"seed too large", "seed=1000000000", def, true},
		{"seed with sign", "seed=%2B5", def, true},
		{"seed leading zero", "seed=05", def, true},
		{"bool word", "causal=yes", def, true},
		{"unknown view", "view=%3Cimg%3E", def, true},
		{"unknown lang", "lang=xx", def, true},
		{"semicolon separator", "text=a;heads=2", def, true},
	}
	for _, tt := range tests {
		got, err := DecodeState(tt.link, def)
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: DecodeState(%.40q) error = %v, want error %v", tt.name, tt.link, err, tt.wantErr)
		}
		if got != tt.want {
			t.Errorf("%s: DecodeState(%.40q) = %+v, want %+v", tt.name, tt.link, got, tt.want)
		}
	}
}

func TestStateJSON(t *testing.T) {
	s := State{Input: Input{Text: "a <b>", Heads: 2, DModel: 8, Seed: 3, Causal: true}, Head: HeadMean, View: "attention", Lang: i18n.LangZH}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"text": "a <b>", "heads": 2.0, "d_model": 8.0, "seed": 3.0, "mask": "causal",
		"positional": false, "head": "mean", "view": "attention", "lang": i18n.LangZH,
		"scale": true, "temperature": 1.0, "d_k": 0.0, "text2": "",
		"step": "", "cell": nil, "present": false,
		"predict": false, "predict_row": 0.0, "predict_guess": 0.0, "predict_estimate": 0.0, "predict_revealed": false, "predict_rows": false, "tour": "",
		"stretch": false, "high_contrast": false, "cross": false, "teach": "", "teach_step": 0.0,
		"task": "", "lr": 0.0, "steps": 0.0, "until": 0.0, "pace": 0.0, "probe": "", "probe2": "", "layer": 0.0, "trained": false,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("state JSON %s = %v, want %v", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("state JSON has %d keys, want %d: %s", len(got), len(want), b)
	}
}

func TestSpec(t *testing.T) {
	s := State{Input: Input{Text: "hi there", Heads: 4, DModel: 16, Seed: 9, Causal: true, Positional: true}}
	spec := s.Spec()
	if *spec.Text != "hi there" || spec.Heads != 4 || spec.DModel != 16 || spec.Seed != 9 ||
		spec.Mask != "causal" || !spec.Positional {
		t.Errorf("Spec() = %+v", spec)
	}
	if s.Spec().Mask != "causal" || (State{}).Spec().Mask != "none" {
		t.Error("Spec: mask is not causal/none")
	}
	if !s.SameInput(State{Input: Input{Text: "hi there", Heads: 4, DModel: 16, Seed: 9, Causal: true, Positional: true}, Head: 2, Lang: i18n.LangZH}) {
		t.Error("SameInput: head and language changed the input")
	}
	if s.SameInput(State{Input: Input{Text: "hi there!", Heads: 4, DModel: 16, Seed: 9, Causal: true, Positional: true}}) {
		t.Error("SameInput: the text did not change the input")
	}
}

// TestEverySettingCarried checks that every field of State, a setting, is
// carried by links and by window.attnviz.state() (but for the matrices,
// which only links carry), and that a change of it changes the input of the
// computation exactly when it is a field of Input: a field added to State
// without its line in settings fails here.
func TestEverySettingCarried(t *testing.T) {
	base := DefaultState(i18n.LangEN)
	baseLink, baseJSON := base.Encode(), mustJSON(t, base)
	n := 0
	for _, f := range reflect.VisibleFields(reflect.TypeFor[State]()) {
		if f.Anonymous {
			continue // Input; its fields are visible too
		}
		n++
		s := base
		change(t, reflect.ValueOf(&s).Elem().FieldByIndex(f.Index))
		if s.Encode() == baseLink {
			t.Errorf("%s: the link does not carry it", f.Name)
		}
		if f.Name != "Matrices" && mustJSON(t, s) == baseJSON {
			t.Errorf("%s: window.attnviz.state() does not show it", f.Name)
		}
		input := len(f.Index) > 1 // a field of Input
		if got := s.SameInput(base); got == input {
			t.Errorf("%s: SameInput after a change = %v, want %v", f.Name, got, !input)
		}
	}
	if n < 16 {
		t.Errorf("checked %d fields; State has more", n)
	}
}

// change gives the field v another value.
func change(t *testing.T, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Int, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Float64:
		v.SetFloat(v.Float() + 0.5)
	case reflect.Struct:
		v.Set(reflect.ValueOf(CellRef{I: 1, J: 2, On: true}))
	default:
		t.Fatalf("no other value for a %s", v.Type())
	}
}

func mustJSON(t *testing.T, s State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
