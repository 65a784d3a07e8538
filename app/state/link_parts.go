package state

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/attention/model"
)

// A LinkProblem is one setting of a link that could not be used: the link's
// key and value, why (an i18n key with its arguments, or "" for no reason
// beyond the value itself) and what was used instead, as a link writes it
// ("" when nothing of it is used).
type LinkProblem struct {
	Key, Value string
	Why        string
	Args       []any
	Used       string
}

// maxShownValue is how many characters of a value a LinkProblem keeps.
const maxShownValue = 24

// NewLinkProblem returns the problem of key=value, with value shortened for
// a notice.
func NewLinkProblem(key, value, used, why string, args ...any) LinkProblem {
	return LinkProblem{Key: key, Value: shorten(value), Why: why, Args: args, Used: shorten(used)}
}

// shorten returns v, cut to maxShownValue characters.
func shorten(v string) string {
	if r := []rune(v); len(r) > maxShownValue {
		return string(r[:maxShownValue]) + "…"
	}
	return v
}

// DecodeLink reads link like DecodeState, but keeps every setting it can
// use: a value that cannot be read, a key given twice, heads that do not
// divide d_model and a head beyond the heads each keep def's value (heads:
// the nearest choice below) and are named in the problems, in the order of
// the link's settings. Only a link that is not a query at all, or too long,
// gives def and an error.
func DecodeLink(link string, def State) (State, []LinkProblem, error) {
	link = strings.TrimPrefix(strings.TrimPrefix(link, "#"), "?")
	if link == "" {
		return def, nil, nil
	}
	if len(link) > maxLinkBytes {
		return def, nil, fmt.Errorf("link state: %d bytes, at most %d read", len(link), maxLinkBytes)
	}
	values, err := url.ParseQuery(link)
	if err != nil {
		return def, nil, fmt.Errorf("link state: %v", err)
	}
	s, probs := def, []LinkProblem(nil)
	for _, f := range settings {
		vs, ok := values[f.key]
		if !ok {
			continue
		}
		if len(vs) != 1 {
			probs = append(probs, NewLinkProblem(f.key, strings.Join(vs, ","), f.encode(&def), "link.why.twice"))
			continue
		}
		t := s
		if err := f.decode(&t, vs[0]); err != nil {
			why, args := whyOf(f.key, err)
			probs = append(probs, NewLinkProblem(f.key, vs[0], quoteText(f.key, f.encode(&def)), why, args...))
			continue
		}
		if used := f.encode(&t); moved(vs[0], used) {
			probs = append(probs, NewLinkProblem(f.key, vs[0], used, "link.why.nearest"))
		}
		s = t
	}
	s = langTexts(s, def, values)
	s = oldProbe2(s, def, values)
	if _, ok := values["text2"]; !ok {
		ViewText2(&s, def.View) // a link to the padding view without its own
	}
	for i := range probs {
		switch {
		case probs[i].Key == "lr" && s.LR == 0:
			probs[i].Used = FormatLR(s.TaskLR()) // 0 stands for the task's
		case probs[i].Key == "until" && s.Until == 0:
			probs[i].Used = strconv.Itoa(s.TaskUntil()) // as for lr
		case probs[i].Key == "teach":
			s.TeachStep = def.TeachStep // a step of no tour
		}
	}
	return fixHeads(s, def, probs)
}

// quoteText returns used, the value of key used instead of a link's, in
// quotation marks where it is a sentence or a sequence, which ends with
// its own punctuation; as it is otherwise.
func quoteText(key, used string) string {
	if used == "" || !slices.Contains([]string{"text", "text2", "probe", "probe2"}, key) {
		return used
	}
	return "“" + shorten(used) + "”"
}

// moved reports whether a number of a link was read as another: a setting
// that takes the nearest value it offers (temperature, d_k) says so.
func moved(v, used string) bool {
	a, errA := strconv.ParseFloat(v, 64)
	b, errB := strconv.ParseFloat(used, 64)
	return errA == nil && errB == nil && a != b
}

// oldProbe2 reads a link from before probe2, which carried the trained
// compare view's second sequence in text2 (and had replaced the student's
// second sentence with it): text2 in the task's words becomes probe2, and
// the second sentence def's.
func oldProbe2(s, def State, values url.Values) State {
	if values.Has("probe2") || !values.Has("text2") || !s.TrainedOn() || s.View != CompareViewID {
		return s
	}
	if t, err := model.Lookup(s.Task); err == nil {
		if _, err := t.Tokenize(s.Text2); err == nil && decodeProbe2(&s, s.Text2) == nil {
			s.Text2 = def.Text2
		}
	}
	return s
}

// langTexts gives a link that chooses the language but not the sentences
// that language's example sentences, not def's.
func langTexts(s, def State, values url.Values) State {
	if s.Lang == def.Lang {
		return s
	}
	was, now := DefaultState(def.Lang), DefaultState(s.Lang)
	if _, ok := values["text"]; !ok && s.Text == was.Text {
		s.Text = now.Text
	}
	if _, ok := values["text2"]; !ok && s.Text2 == was.Text2 {
		s.Text2 = now.Text2
	}
	return s
}

// fixHeads makes the heads divide d_model (the nearest choice below the
// link's, else the fewest) and the head one of them (def's, else the first).
func fixHeads(s, def State, probs []LinkProblem) (State, []LinkProblem, error) {
	if choices := HeadChoices(s.DModel); !slices.Contains(choices, s.Heads) {
		want, used := s.Heads, choices[0]
		for _, h := range choices {
			if h < want {
				used = h
			}
		}
		s.Heads = used
		probs = append(probs, NewLinkProblem("heads", fmt.Sprint(want), fmt.Sprint(used), "link.why.heads", s.DModel, want))
	}
	if s.Head >= s.Heads {
		head := HeadKey(s.Head)
		s.Head = def.Head
		if s.Head >= s.Heads {
			s.Head = 0
		}
		probs = append(probs, NewLinkProblem("head", head, HeadKey(s.Head), "link.why.head", s.Heads))
	}
	return s, probs, nil
}

// whyOf is the reason, with its arguments, that a value of key that cannot
// be read (err) gets in a notice: a tour's, and a text too long; "" for the
// others, whose value says enough.
func whyOf(key string, err error) (string, []any) {
	switch {
	case key == "teach":
		return "link.why.teach", nil
	case errors.Is(err, ErrTextLong):
		return "link.why.long", []any{MaxTextBytes}
	}
	return "", nil
}
