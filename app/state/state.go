package state

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/attention"
)

// State is everything the page shows that a link carries: the input of the
// attention and how it is looked at. The page holds one State; a link holds
// its Encode form (see DecodeState).
type State struct {
	Text       string  // the sentence
	Heads      int     // number of heads; one of HeadChoices(DModel)
	DModel     int     // embedding width; one of DModelChoices
	Seed       int64   // seeds embeddings and weights; 0…MaxSeed
	Causal     bool    // causal mask
	Positional bool    // add sinusoidal positional encoding
	Head       int     // the head shown large: 0…Heads−1, or HeadMean
	View       string  // id of the view shown (views.go)
	Step       string  // the pipeline step shown large (pipeline.go); "" for none
	Cell       CellRef // the weight worked out by hand (cellpanel.go); zero for none
	Lang       string  // interface language: i18n.LangEN or i18n.LangZH

	// Settings of the views that open up the computation (scaling.go).
	NoScale     bool    // do not divide the scores by √d_k
	Temperature float64 // divides the scores: MinUITemperature…MaxUITemperature, or 0 for 1
	DK          int     // query/key width per head: one of DKChoices, or 0 for d_model/heads
	Text2       string  // the second sentence of the compare and padding views

	// The input of the "matrices" view (matrices.go): its spec as compact
	// JSON, checked; "" for its worked example.
	Matrices string
}

// DefaultViewID is the id of the view a first visit opens: the first of the
// page's registry (app/page/registry.go), which checks that it is.
const DefaultViewID = "attention"

// MatricesViewID is the id of the view whose input is the matrices of
// State.Matrices instead of the sentence (see Spec).
const MatricesViewID = "matrices"

// HeadMean selects the mean of the heads' weights in State.Head.
const HeadMean = -1

// Limits of the settings a State accepts.
const (
	MaxUIHeads   = 8         // the most heads offered
	MaxSeed      = 999999999 // the largest seed
	MaxTextBytes = 4096      // the longest text a link may carry, in bytes
	maxLinkBytes = 32 << 10  // the longest link state read at all: two texts of MaxTextBytes, every byte escaped (3 bytes), and the rest
)

// DModelChoices are the embedding widths offered.
var DModelChoices = []int{4, 8, 12, 16, 24, 32, 48, 64}

// HeadChoices returns the numbers of heads offered for embedding width d: its
// divisors up to MaxUIHeads, so that every head gets d/heads columns.
func HeadChoices(d int) []int {
	var hs []int
	for h := 1; h <= MaxUIHeads && h <= d; h++ {
		if d%h == 0 {
			hs = append(hs, h)
		}
	}
	return hs
}

// DefaultState is the view a first visit opens, with the example sentence
// and the interface in lang (i18n.LangEN when lang is not a language).
func DefaultState(lang string) State {
	if !slices.Contains(i18n.Langs, lang) {
		lang = i18n.LangEN
	}
	return State{
		Text:   i18n.T(lang, "sentence.example"),
		Heads:  2,
		DModel: 16,
		Seed:   1,
		Head:   HeadMean,
		View:   DefaultViewID,
		Lang:   lang,

		Text2: i18n.T(lang, "sentence2.example"),
	}
}

// Normalize makes a State that settings controls have just changed valid
// again: Heads becomes the largest choice for DModel not above it, and a
// Head beyond the heads becomes HeadMean.
func (s *State) Normalize() {
	if !slices.Contains(DModelChoices, s.DModel) {
		s.DModel = DefaultState(i18n.LangEN).DModel
	}
	choices := HeadChoices(s.DModel)
	h := choices[0]
	for _, c := range choices {
		if c <= s.Heads {
			h = c
		}
	}
	s.Heads = h
	if s.Head < HeadMean || s.Head >= s.Heads {
		s.Head = HeadMean
	}
	s.Temperature = canonicalTemperature(s.Temperature)
	s.DK = NearestDK(s.DK)
}

// SameInput reports whether s and o give the same attention: whether they
// differ only in how the result is looked at.
func (s State) SameInput(o State) bool {
	return s.Text == o.Text && s.Heads == o.Heads && s.DModel == o.DModel &&
		s.Seed == o.Seed && s.Causal == o.Causal && s.Positional == o.Positional &&
		s.NoScale == o.NoScale && s.Temperature == o.Temperature && s.DK == o.DK &&
		s.Matrices == o.Matrices && s.OwnInput() == o.OwnInput()
}

// OwnInput reports whether the view shown has an input of its own (the
// matrices view): the sentence and the settings do not apply to it.
func (s State) OwnInput() bool { return s.View == MatricesViewID }

// Spec returns the attention spec of s, in text mode, or the own input of
// the view shown if it has one (the matrices view: MatricesSpec).
func (s State) Spec() *attention.Spec {
	if s.OwnInput() {
		return MatricesSpec(s.Matrices)
	}
	text := s.Text
	mask := "none"
	if s.Causal {
		mask = "causal"
	}
	spec := &attention.Spec{
		Text:       &text,
		Heads:      s.Heads,
		DModel:     s.DModel,
		Seed:       s.Seed,
		Positional: s.Positional,
		Mask:       mask,
		DK:         s.DK,
	}
	if s.NoScale {
		off := false
		spec.Scale = &off
	}
	if t := ClampTemperature(s.Temperature); t != 1 {
		spec.Temperature = &t
	}
	return spec
}

// HeadKey returns how links and the data-head attribute name a head
// selection: "0", "1", … or "mean".
func HeadKey(head int) string {
	if head == HeadMean {
		return "mean"
	}
	return strconv.Itoa(head)
}

// A stateField is one key of the link state: how it is written and read.
// Adding a setting to State means adding its field here.
type stateField struct {
	key    string
	encode func(s *State) string
	decode func(s *State, v string) error
}

var stateFields = []stateField{
	{"text", func(s *State) string { return s.Text }, decodeText},
	{"heads", func(s *State) string { return strconv.Itoa(s.Heads) }, func(s *State, v string) error {
		return decodeInt(v, 1, MaxUIHeads, &s.Heads)
	}},
	{"d", func(s *State) string { return strconv.Itoa(s.DModel) }, func(s *State, v string) error {
		if err := decodeInt(v, 1, 1<<10, &s.DModel); err != nil {
			return err
		}
		if !slices.Contains(DModelChoices, s.DModel) {
			return fmt.Errorf("%d is not one of %v", s.DModel, DModelChoices)
		}
		return nil
	}},
	{"seed", func(s *State) string { return strconv.FormatInt(s.Seed, 10) }, func(s *State, v string) error {
		var seed int
		err := decodeInt(v, 0, MaxSeed, &seed)
		s.Seed = int64(seed)
		return err
	}},
	{"causal", func(s *State) string { return EncodeBool(s.Causal) }, func(s *State, v string) error {
		return decodeBool(v, &s.Causal)
	}},
	{"pe", func(s *State) string { return EncodeBool(s.Positional) }, func(s *State, v string) error {
		return decodeBool(v, &s.Positional)
	}},
	{"head", func(s *State) string { return HeadKey(s.Head) }, func(s *State, v string) error {
		if v == "mean" {
			s.Head = HeadMean
			return nil
		}
		return decodeInt(v, 0, MaxUIHeads-1, &s.Head)
	}},
	{"scale", func(s *State) string { return EncodeBool(!s.NoScale) }, func(s *State, v string) error {
		var on bool
		err := decodeBool(v, &on)
		s.NoScale = !on
		return err
	}},
	{"temp", func(s *State) string { return FormatTemperature(s.Temperature) }, decodeTemperature},
	{"dk", func(s *State) string { return encodeDK(s.DK) }, decodeDK},
	{"text2", func(s *State) string { return s.Text2 }, func(s *State, v string) error {
		var t State
		if err := decodeText(&t, v); err != nil {
			return err
		}
		s.Text2 = t.Text
		return nil
	}},
	{"step", func(s *State) string { return s.Step }, decodeStep},
	{"cell", func(s *State) string { return s.Cell.String() }, decodeCell},
	{"view", func(s *State) string { return s.View }, func(s *State, v string) error {
		if !isID(v) {
			return errors.New("no such view")
		}
		s.View = v
		return nil
	}},
	{"lang", func(s *State) string { return s.Lang }, func(s *State, v string) error {
		lang, ok := i18n.ParseLang(v)
		if !ok {
			return errors.New("unknown language")
		}
		s.Lang = lang
		return nil
	}},
	{"m", encodeMatricesLink, decodeMatricesLink},
}

// Encode returns s as the state part of a link (the URL fragment without its
// '#'): every setting, in a fixed order, so that the link reopens exactly
// this view even when the defaults change.
func (s State) Encode() string {
	var b strings.Builder
	for i, f := range stateFields {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(f.key)
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(f.encode(&s)))
	}
	return b.String()
}

// DecodeState reads the state part of a link: a URL fragment or query in the
// form Encode writes, with or without its leading '#' or '?'. Settings the
// link leaves out keep their value in def, keys it does not know are
// ignored, and "" gives def. A link that is malformed or asks for anything
// invalid (a value out of range, a key given twice, heads that do not divide
// d, a head beyond the heads, text that is not UTF-8, …) gives def and an
// error saying why: nothing of such a link is used.
func DecodeState(link string, def State) (State, error) {
	link = strings.TrimPrefix(strings.TrimPrefix(link, "#"), "?")
	if link == "" {
		return def, nil
	}
	if len(link) > maxLinkBytes {
		return def, fmt.Errorf("link state: %d bytes, at most %d read", len(link), maxLinkBytes)
	}
	values, err := url.ParseQuery(link)
	if err != nil {
		return def, fmt.Errorf("link state: %v", err)
	}
	s := def
	for _, f := range stateFields {
		vs, ok := values[f.key]
		if !ok {
			continue
		}
		if len(vs) != 1 {
			return def, fmt.Errorf("link state: %s given %d times", f.key, len(vs))
		}
		if err := f.decode(&s, vs[0]); err != nil {
			return def, fmt.Errorf("link state: %s: %v", f.key, err)
		}
	}
	// A link that chooses the language but not the sentences gets that
	// language's example sentences, not def's.
	if s.Lang != def.Lang {
		was, now := DefaultState(def.Lang), DefaultState(s.Lang)
		if _, ok := values["text"]; !ok && s.Text == was.Text {
			s.Text = now.Text
		}
		if _, ok := values["text2"]; !ok && s.Text2 == was.Text2 {
			s.Text2 = now.Text2
		}
	}
	if !slices.Contains(HeadChoices(s.DModel), s.Heads) {
		return def, fmt.Errorf("link state: %d heads do not divide d_model %d", s.Heads, s.DModel)
	}
	if s.Head >= s.Heads {
		return def, fmt.Errorf("link state: head %d of %d heads", s.Head, s.Heads)
	}
	return s, nil
}

// isID reports whether v can be the id of a view or of a pipeline step: a
// short word of lower-case letters. Which ids exist the page checks
// (app/page), which knows the views and their steps.
func isID(v string) bool {
	if v == "" || len(v) > 32 {
		return false
	}
	for _, r := range v {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

func decodeText(s *State, v string) error {
	switch {
	case len(v) > MaxTextBytes:
		return fmt.Errorf("%d bytes, at most %d", len(v), MaxTextBytes)
	case !utf8.ValidString(v):
		return errors.New("not UTF-8")
	case strings.ContainsAny(v, "\n\r"):
		// The one-line input drops line breaks, so it could not show the
		// text. Other control characters it keeps, and so does a link: the
		// page writes what was typed (the tokenizer drops them).
		return errors.New("line breaks")
	}
	s.Text = v
	return nil
}

// decodeInt sets *dst to v, a decimal integer in [lo, hi].
func decodeInt(v string, lo, hi int, dst *int) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi || strconv.Itoa(n) != v {
		return fmt.Errorf("%q, expected an integer %d…%d", v, lo, hi)
	}
	*dst = n
	return nil
}

func EncodeBool(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

func decodeBool(v string, dst *bool) error {
	switch v {
	case "1":
		*dst = true
	case "0":
		*dst = false
	default:
		return fmt.Errorf("%q, expected 0 or 1", v)
	}
	return nil
}

// stateJSON is the form of a State that window.attnviz.state() returns.
type stateJSON struct {
	Text       string  `json:"text"`
	Heads      int     `json:"heads"`
	DModel     int     `json:"d_model"`
	Seed       int64   `json:"seed"`
	Mask       string  `json:"mask"` // "none" or "causal"
	Positional bool    `json:"positional"`
	Head       string  `json:"head"` // as data-head: "0", "1", …, "mean"
	View       string  `json:"view"`
	Step       string  `json:"step"` // "" or a pipeline step
	Cell       *[2]int `json:"cell"` // [query, key], or null
	Lang       string  `json:"lang"`

	Scale       bool    `json:"scale"`
	Temperature float64 `json:"temperature"`
	DK          int     `json:"d_k"` // 0: d_model/heads
	Text2       string  `json:"text2"`
}

// MarshalJSON encodes s as window.attnviz.state() returns it:
//
//	{"text", "heads", "d_model", "seed", "mask": "none"|"causal",
//	 "positional", "head": "0"|"1"|…|"mean", "view", "lang",
//	 "scale", "temperature", "d_k" (0: d_model/heads), "text2"}
func (s State) MarshalJSON() ([]byte, error) {
	return json.Marshal(stateJSON{
		Text:       s.Text,
		Heads:      s.Heads,
		DModel:     s.DModel,
		Seed:       s.Seed,
		Mask:       s.Spec().Mask,
		Positional: s.Positional,
		Head:       HeadKey(s.Head),
		View:       s.View,
		Step:       s.Step,
		Cell:       s.Cell.pair(),
		Lang:       s.Lang,

		Scale:       !s.NoScale,
		Temperature: ClampTemperature(s.Temperature),
		DK:          s.DK,
		Text2:       s.Text2,
	})
}
