package state

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"strings"
	"unicode/utf8"
)

// A teacher's own tour (app/views/teach.go, mytour_view.go): a list of page
// links, each with a note. The page holds it in State.Teach in the form a
// link carries (teach=…: the tour's JSON, deflated, base64url), and plays
// step State.TeachStep (tstep=N, 0 for none). A file holds the JSON.

// TeachTour is a teacher's tour.
type TeachTour struct {
	Kind  string      `json:"kind"` // TeachKind
	Steps []TeachStep `json:"steps"`
}

// TeachStep is one step: a page, as the state part of a link, and its note.
type TeachStep struct {
	Link string `json:"link"`
	Note string `json:"note"`
}

// Limits of a teacher's tour.
const (
	TeachKind      = "attnviz-tour" // the Kind of a tour file
	MaxTeachSteps  = 40             // the most steps a tour has
	MaxTeachNote   = 2000           // the longest note, in bytes
	MaxTeachLink   = 8 << 10        // the longest tour a link carries, encoded
	MaxTeachFile   = 512 << 10      // the largest tour file read
	maxTeachStepLn = 12 << 10       // the longest step link

	// maxTeachJSON bounds the JSON of a tour as the page keeps it: 40 steps
	// of the longest note and link, every byte escaped (\u00XX), are about
	// 3.4 MB. A tour file's own limit is MaxTeachFile.
	maxTeachJSON = 4 << 20
	// maxTeachEncoded bounds the page's tour compressed, as it keeps it (a
	// link's is bounded first by maxLinkBytes).
	maxTeachEncoded = 2 << 20
)

// ErrTeach marks an error of a tour's link or file.
var ErrTeach = errors.New("tour")

// ParseTeach reads a tour file's JSON: strict (no unknown fields, one
// value), within the limits. An error says what is wrong.
func ParseTeach(data []byte) (TeachTour, error) {
	var t TeachTour
	if len(data) > MaxTeachFile {
		return t, teachErr("teach.err.size", len(data)>>10, MaxTeachFile>>10)
	}
	return parseTeach(data)
}

// parseTeach reads a tour's JSON as ParseTeach does, of any size.
func parseTeach(data []byte) (TeachTour, error) {
	var t TeachTour
	if !utf8.Valid(data) {
		return t, teachErr("teach.err.utf8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		return TeachTour{}, jsonErr(err, data)
	}
	if dec.More() {
		return TeachTour{}, teachErr("teach.err.more")
	}
	if err := t.check(); err != nil {
		return TeachTour{}, err
	}
	return t, nil
}

// check returns an error if t is not a tour or exceeds the limits.
func (t TeachTour) check() error {
	if t.Kind != TeachKind {
		return teachErr("teach.err.kind", t.Kind, TeachKind)
	}
	if len(t.Steps) > MaxTeachSteps {
		return teachErr("teach.err.steps", len(t.Steps), MaxTeachSteps)
	}
	for i, st := range t.Steps {
		if len(st.Note) > MaxTeachNote || len(st.Link) > maxTeachStepLn {
			return teachErr("teach.err.long", i+1)
		}
	}
	return nil
}

// JSON returns t as a tour file holds it, indented.
func (t TeachTour) JSON() []byte {
	t.Kind = TeachKind
	if t.Steps == nil {
		t.Steps = []TeachStep{}
	}
	b, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		panic(err) // strings only
	}
	return append(b, '\n')
}

// EncodeTeach returns t as a link carries it; "" for a tour of no steps.
func EncodeTeach(t TeachTour) string {
	if len(t.Steps) == 0 {
		return ""
	}
	t.Kind = TeachKind
	js, err := json.Marshal(t)
	if err != nil {
		panic(err)
	}
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression) // the level is valid
	w.Write(js)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// DecodeTeach reads a tour as a link carries it; "" is the empty tour.
func DecodeTeach(v string) (TeachTour, error) {
	if v == "" {
		return TeachTour{Kind: TeachKind}, nil
	}
	if len(v) > maxTeachEncoded {
		return TeachTour{}, teachErr("teach.err.link")
	}
	raw, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil {
		return TeachTour{}, teachErr("teach.err.link")
	}
	// The limit stops a small link that inflates into a huge one.
	js, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxTeachJSON+1))
	if err != nil || len(js) > maxTeachJSON {
		return TeachTour{}, teachErr("teach.err.link")
	}
	return parseTeach(js)
}

// decodeTeachSetting reads teach=…: a tour, checked.
func decodeTeachSetting(s *State, v string) error {
	if _, err := DecodeTeach(v); err != nil {
		return err
	}
	s.Teach = v
	return nil
}

// encodeTeachSetting writes teach=…, or "" for a tour too long for a link.
func encodeTeachSetting(s *State) string {
	if len(s.Teach) > MaxTeachLink {
		return ""
	}
	return s.Teach
}

// TeachFits reports whether the link of s carries its tour.
func TeachFits(s State) bool { return len(s.Teach) <= MaxTeachLink }

// StepLink returns s as a step of a tour: its settings that differ from
// the defaults of its language, and always its view and language; the
// tour itself is left out.
func StepLink(s State) string {
	s.Teach, s.TeachStep = "", 0
	def := DefaultState(s.Lang)
	var b strings.Builder
	for _, f := range settings {
		v := f.encode(&s)
		if f.key != "view" && f.key != "lang" && v == f.encode(&def) {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(f.key + "=" + url.QueryEscape(v))
	}
	return b.String()
}

// StepState returns the page a step link shows, in language lang unless
// the link says; an error names an unknown setting or a bad value.
func StepState(link, lang string) (State, error) {
	values, err := url.ParseQuery(link)
	if err != nil {
		return State{}, teachErr("teach.err.stepLink")
	}
	for k := range values {
		if !isSettingKey(k) || k == "teach" || k == "tstep" {
			return State{}, teachErr("teach.err.setting", k)
		}
	}
	s, err := DecodeState(link, DefaultState(lang))
	if err != nil {
		return State{}, stepErr(values, lang)
	}
	return s, nil
}

// isSettingKey reports whether k is a setting's key in links.
func isSettingKey(k string) bool {
	for _, f := range settings {
		if f.key == k {
			return true
		}
	}
	return false
}
