package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/attnviz/attnviz/app/i18n"
)

// A setting is one field of State as the outside sees it: its key in links,
// its name in window.attnviz.state(), and how both write and read it (a
// value out of its range is an error). Whether it changes the computation
// is where its field is: in Input, or in the rest of State.
//
// Adding a setting: its field in State or Input, a line in settings, and
// its control in app/views. Nothing else derives it by hand.
type setting struct {
	key    string                         // in links: key=value
	json   string                         // in window.attnviz.state(); "" for none
	encode func(s *State) string          // for a link
	decode func(s *State, v string) error // from a link
	value  func(s *State) any             // for window.attnviz.state(); nil: what encode writes
}

// settings are the settings, in the order that links write them.
var settings = []setting{
	{"text", "text", func(s *State) string { return s.Text }, func(s *State, v string) error { return decodeText(&s.Text, v) }, nil},
	intSetting("heads", "heads", 1, MaxUIHeads, func(s *State) *int { return &s.Heads }),
	{"d", "d_model", func(s *State) string { return strconv.Itoa(s.DModel) }, decodeDModel, func(s *State) any { return s.DModel }},
	{"seed", "seed", func(s *State) string { return strconv.FormatInt(s.Seed, 10) }, decodeSeed, func(s *State) any { return s.Seed }},
	{"causal", "mask", func(s *State) string { return EncodeBool(s.Causal) }, func(s *State, v string) error { return decodeBool(v, &s.Causal) },
		func(s *State) any { return maskName(s.Causal) }},
	boolSetting("pe", "positional", func(s *State) *bool { return &s.Positional }),
	{"head", "head", func(s *State) string { return HeadKey(s.Head) }, decodeHead, nil},
	{"scale", "scale", func(s *State) string { return EncodeBool(!s.NoScale) }, decodeScale, func(s *State) any { return !s.NoScale }},
	{"temp", "temperature", func(s *State) string { return FormatTemperature(s.Temperature) }, decodeTemperature,
		func(s *State) any { return ClampTemperature(s.Temperature) }},
	{"dk", "d_k", func(s *State) string { return encodeDK(s.DK) }, decodeDK, func(s *State) any { return s.DK }},
	{"text2", "text2", func(s *State) string { return s.Text2 }, func(s *State, v string) error { return decodeText(&s.Text2, v) }, nil},
	{"step", "step", func(s *State) string { return s.Step }, decodeStep, nil},
	{"cell", "cell", func(s *State) string { return s.Cell.String() }, decodeCell, func(s *State) any { return s.Cell.pair() }},
	{"view", "view", func(s *State) string { return s.View }, decodeView, nil},
	{"lang", "lang", func(s *State) string { return s.Lang }, decodeLang, nil},
	{"m", "", encodeMatricesLink, decodeMatricesLink, nil},
	boolSetting("present", "present", func(s *State) *bool { return &s.Present }),
	boolSetting("predict", "predict", func(s *State) *bool { return &s.Predict }),
	intSetting("prow", "predict_row", 0, MaxPredictRow, func(s *State) *int { return &s.PredictRow }),
	intSetting("pguess", "predict_guess", NoGuess, MaxPredictRow, func(s *State) *int { return &s.PredictGuess }),
	intSetting("pest", "predict_estimate", NoGuess, 100, func(s *State) *int { return &s.PredictEstimate }),
	boolSetting("pshown", "predict_revealed", func(s *State) *bool { return &s.PredictShown }),
	boolSetting("prows", "predict_rows", func(s *State) *bool { return &s.PredictRows }),
	{"tour", "tour", func(s *State) string { return s.Tour }, decodeTour, nil},
	boolSetting("stretch", "stretch", func(s *State) *bool { return &s.Stretch }),
	boolSetting("hc", "high_contrast", func(s *State) *bool { return &s.HighContrast }),
	boolSetting("cross", "cross", func(s *State) *bool { return &s.Cross }),
	{"teach", "teach", encodeTeachSetting, decodeTeachSetting, nil},
	intSetting("tstep", "teach_step", 0, MaxTeachSteps, func(s *State) *int { return &s.TeachStep }),
	// The Learn view's (learn.go).
	{"task", "task", func(s *State) string { return s.Task }, decodeTask, nil},
	{"lr", "lr", func(s *State) string { return FormatLR(s.LR) }, decodeLR, func(s *State) any { return s.LR }},
	intSetting("steps", "steps", 0, MaxSteps, func(s *State) *int { return &s.Steps }),
	intSetting("until", "until", 0, MaxSteps, func(s *State) *int { return &s.Until }),
	{"pace", "pace", func(s *State) string { return strconv.Itoa(s.Pace) }, decodePace, func(s *State) any { return s.Pace }},
	{"probe", "probe", func(s *State) string { return s.Probe }, decodeProbe, nil},
	{"probe2", "probe2", func(s *State) string { return s.Probe2 }, decodeProbe2, nil},
	intSetting("layer", "layer", 0, maxLayers-1, func(s *State) *int { return &s.Layer }),
	boolSetting("trained", "trained", func(s *State) *bool { return &s.Trained }),
}

// intSetting is a setting of an int field that links write in decimal,
// from lo to hi.
func intSetting(key, json string, lo, hi int, field func(*State) *int) setting {
	return setting{key, json,
		func(s *State) string { return strconv.Itoa(*field(s)) },
		func(s *State, v string) error { return decodeInt(v, lo, hi, field(s)) },
		func(s *State) any { return *field(s) }}
}

// boolSetting is a setting of a bool field that links write as 0 or 1.
func boolSetting(key, json string, field func(*State) *bool) setting {
	return setting{key, json,
		func(s *State) string { return EncodeBool(*field(s)) },
		func(s *State, v string) error { return decodeBool(v, field(s)) },
		func(s *State) any { return *field(s) }}
}

// Encode returns s as the state part of a link (the URL fragment without its
// '#'): every setting, in a fixed order, so that the link reopens exactly
// this view even when the defaults change.
func (s State) Encode() string {
	var b strings.Builder
	for i, f := range settings {
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
	for _, f := range settings {
		vs, ok := values[f.key]
		if !ok {
			continue
		}
		if len(vs) != 1 {
			return def, fmt.Errorf("link state: %s given %d times", f.key, len(vs))
		}
		if err := f.decode(&s, vs[0]); err != nil {
			return def, fmt.Errorf("link state: %s: %w", f.key, err)
		}
	}
	s = langTexts(s, def, values)
	if !slices.Contains(HeadChoices(s.DModel), s.Heads) {
		return def, fmt.Errorf("link state: %d heads do not divide d_model %d", s.Heads, s.DModel)
	}
	if s.Head >= s.Heads {
		return def, fmt.Errorf("link state: head %d of %d heads", s.Head, s.Heads)
	}
	return s, nil
}

// MarshalJSON encodes s as window.attnviz.state() returns it: an object of
// every setting whose json name is not empty, in the order of settings,
// each the setting's value (what its link writes where it has none). Among
// them: "mask" is "none" or "causal", "head" "0", "1", … or "mean", "d_k"
// 0 for d_model/heads, "cell" [i, j] or null, "predict_estimate" in
// hundredths (−1: none), and "teach" the tour as the link carries it.
func (s State) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for _, f := range settings {
		if f.json == "" {
			continue
		}
		var v any
		if f.value != nil {
			v = f.value(&s)
		} else {
			v = f.encode(&s)
		}
		js, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(f.json))
		b.WriteByte(':')
		b.Write(js)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// maskName is the spec's name of the mask: "causal" or "none".
func maskName(causal bool) string {
	if causal {
		return "causal"
	}
	return "none"
}

// ErrTextLong is the error of a text longer than MaxTextBytes.
var ErrTextLong = fmt.Errorf("longer than %d bytes", MaxTextBytes)

// decodeText sets *dst to v, a text a one-line input can show.
func decodeText(dst *string, v string) error {
	switch {
	case len(v) > MaxTextBytes:
		return fmt.Errorf("%d bytes: %w", len(v), ErrTextLong)
	case !utf8.ValidString(v):
		return errors.New("not UTF-8")
	case strings.ContainsAny(v, "\n\r"):
		// The one-line input drops line breaks, so it could not show the
		// text. Other control characters it keeps, and so does a link: the
		// page writes what was typed (the tokenizer drops them).
		return errors.New("line breaks")
	}
	*dst = v
	return nil
}

// decodeDModel reads d=…: one of DModelChoices.
func decodeDModel(s *State, v string) error {
	if err := decodeInt(v, 1, 1<<10, &s.DModel); err != nil {
		return err
	}
	if !slices.Contains(DModelChoices, s.DModel) {
		return fmt.Errorf("%d is not one of %v", s.DModel, DModelChoices)
	}
	return nil
}

// decodeSeed reads seed=…: 0…MaxSeed.
func decodeSeed(s *State, v string) error {
	var seed int
	err := decodeInt(v, 0, MaxSeed, &seed)
	s.Seed = int64(seed)
	return err
}

// decodeHead reads head=…: "mean", or a head 0…MaxUIHeads−1.
func decodeHead(s *State, v string) error {
	if v == "mean" {
		s.Head = HeadMean
		return nil
	}
	return decodeInt(v, 0, MaxUIHeads-1, &s.Head)
}

// decodeScale reads scale=…: 1 divides the scores by √d_k, 0 does not.
func decodeScale(s *State, v string) error {
	var on bool
	err := decodeBool(v, &on)
	s.NoScale = !on
	return err
}

// decodeView reads view=…: an id, which the page checks (app/page).
func decodeView(s *State, v string) error {
	if !isID(v) {
		return errors.New("no such view")
	}
	s.View = v
	return nil
}

// decodeLang reads lang=…: a language of i18n.Langs.
func decodeLang(s *State, v string) error {
	lang, ok := i18n.ParseLang(v)
	if !ok {
		return errors.New("unknown language")
	}
	s.Lang = lang
	return nil
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

// decodeInt sets *dst to v, a decimal integer in [lo, hi].
func decodeInt(v string, lo, hi int, dst *int) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi || strconv.Itoa(n) != v {
		return fmt.Errorf("%q, expected an integer %d…%d", v, lo, hi)
	}
	*dst = n
	return nil
}

// EncodeBool writes b for a link: "1" or "0".
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
